import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useT } from "../../i18n/translator";
import { apiErrorKey, apiFieldErrors } from "../../lib/use-api";
import { Field } from "../forms/field";
import { useSubmitFeedback } from "../forms/use-submit-feedback";
import { type BoundIp, type SectionNotice, useAccountApi } from "./account-api";
import { AccountCard } from "./account-card";
import { WithValues } from "./with-values";

/** The one public address bound to the account: what binding means, bind (typed or current), remove. */
export function BoundIpSection() {
  const t = useT("myaccount");
  const tf = useT("forms");
  const api = useAccountApi();
  const [ip, setIp] = useState<BoundIp>();
  const [input, setInput] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [busy, setBusy] = useState(true);
  const { formRef, submitted } = useSubmitFeedback(busy);
  const [notice, setNotice] = useState<SectionNotice>(null);

  const load = useCallback(async () => setIp(await api.boundIp()), [api]);
  const run = useCallback(
    async (work: () => Promise<void>) => {
      setBusy(true);
      setNotice(null);
      setFieldError(undefined);
      try {
        await work();
      } catch (error) {
        // The address's own error goes under its field; anything else to the section's live region.
        const field = apiFieldErrors(error).ip;
        if (field) setFieldError(field);
        else setNotice({ tone: "error", text: tf(apiErrorKey(error)) });
      } finally {
        setBusy(false);
      }
    },
    [tf],
  );

  useEffect(() => {
    void run(load);
  }, [run, load]);

  async function bind(event: FormEvent<HTMLFormElement>) {
    submitted();
    event.preventDefault();
    if (!ip) return;
    await run(async () => {
      await api.bindIp((input || ip.current_ip).trim());
      await load();
      setInput("");
      setNotice({ tone: "success", text: t("ip.bindDone") });
    });
  }

  const address = (value: string) => <bdi dir="ltr">{value}</bdi>;
  return (
    <AccountCard title={t("ip.title")} busy={busy} notice={notice}>
      <p className="text-sm">{t("ip.intro")}</p>
      {ip ? (
        <>
          <p className="text-sm">
            <WithValues text={t("ip.current")} values={{ ip: address(ip.current_ip) }} />
          </p>
          <p className="text-sm font-medium">
            {ip.bound_ip ? <WithValues text={t("ip.bound")} values={{ ip: address(ip.bound_ip) }} /> : t("ip.none")}
          </p>
          <form ref={formRef} noValidate className="flex flex-col gap-2" onSubmit={bind}>
            <div>
              <Field
                label={t("ip.label")}
                name="ip"
                dir="ltr"
                inputMode="decimal"
                autoComplete="off"
                placeholder={ip.current_ip}
                value={input}
                onChange={(e) => setInput(e.target.value)}
                error={fieldError}
              />
            </div>
            <button
              type="submit"
              className="min-h-11 self-start rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
            >
              {input ? t("ip.bind") : t("ip.bindCurrent")}
            </button>
          </form>
          {ip.bound_ip ? (
            <button
              type="button"
              className="min-h-11 self-start rounded-lg border border-slate-400 px-4 py-2 text-sm font-semibold hover:bg-slate-50"
              onClick={() =>
                run(async () => {
                  await api.removeIp();
                  await load();
                  setNotice({ tone: "success", text: t("ip.removeDone") });
                })
              }
            >
              {t("ip.remove")}
            </button>
          ) : null}
        </>
      ) : null}
    </AccountCard>
  );
}
