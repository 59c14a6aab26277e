import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useT } from "../../i18n/translator";
import { apiErrorKey, apiFieldErrors } from "../../lib/use-api";
import { Field } from "../forms/field";
import { useSubmitFeedback } from "../forms/use-submit-feedback";
import { type BoundIp, type SectionNotice, useAccountApi } from "./account-api";
import { AccountCard } from "./account-card";
import { WithValues } from "./with-values";

/**
 * The public addresses bound to the account, up to the plan's limit (decision 045): what binding
 * means, the list with a remove button each, and binding a typed address or the current one.
 */
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
        // The address's own error goes under its field; anything else (the limit too) to the live region.
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

  const remove = (address: string) =>
    run(async () => {
      try {
        await api.removeIp(address);
      } finally {
        // Removed here or elsewhere already: the list shows what is bound now.
        await load();
      }
      setNotice({ tone: "success", text: t("ip.removeDone") });
    });

  const address = (value: string) => <bdi dir="ltr">{value}</bdi>;
  return (
    <AccountCard title={t("ip.title")} busy={busy} notice={notice}>
      <p className="text-sm">{t("ip.intro")}</p>
      {ip ? (
        <>
          <p className="text-sm">
            <WithValues text={t("ip.current")} values={{ ip: address(ip.current_ip) }} />
          </p>
          <p className="text-sm font-medium">{t("ip.usage", { count: ip.bound_ips.length, limit: ip.limit })}</p>
          {ip.bound_ips.length > 0 ? (
            <ul aria-label={t("ip.listLabel")} className="flex flex-col gap-2">
              {ip.bound_ips.map((bound) => (
                <li key={bound.ip} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  {address(bound.ip)}
                  <button
                    type="button"
                    aria-label={t("ip.removeOne", { ip: bound.ip })}
                    className="min-h-11 rounded-lg border border-slate-400 px-4 py-2 text-sm font-semibold hover:bg-slate-50"
                    onClick={() => remove(bound.ip)}
                  >
                    {t("ip.remove")}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm">{t("ip.none")}</p>
          )}
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
        </>
      ) : null}
    </AccountCard>
  );
}
