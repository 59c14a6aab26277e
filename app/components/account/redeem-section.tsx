import { type FormEvent, useState } from "react";
import { normaliseVoucherCode } from "../../../universal/vouchers/voucher-code";
import { useT } from "../../i18n/translator";
import { apiErrorKey } from "../../lib/use-api";
import { useSubmitFeedback } from "../forms/use-submit-feedback";
import { VoucherCodeField } from "../forms/voucher-code-field";
import { type SectionNotice, useAccountApi } from "./account-api";
import { AccountCard } from "./account-card";

/**
 * Redeem a prepaid voucher on this account (decision 046), without leaving the page: the same call
 * as /redeem for a signed-in visitor. The cards the time changes reload (onRedeemed).
 */
export function RedeemSection({ onRedeemed }: { onRedeemed: () => void }) {
  const t = useT("redeem");
  const tf = useT("forms");
  const api = useAccountApi();
  const [code, setCode] = useState("");
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<SectionNotice>(null);
  const { formRef, submitted } = useSubmitFeedback(busy);
  const codeError = touched && !normaliseVoucherCode(code) ? "redeem.code_format" : undefined;

  async function redeem(event: FormEvent) {
    event.preventDefault();
    submitted();
    setTouched(true);
    setNotice(null);
    const canonical = normaliseVoucherCode(code);
    if (!canonical) return;
    setBusy(true);
    try {
      await api.redeemVoucher(canonical);
      setCode("");
      setTouched(false);
      setNotice({ tone: "success", text: t("done") });
      onRedeemed();
    } catch (error) {
      setNotice({ tone: "error", text: tf(apiErrorKey(error)) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountCard id="redeem" title={t("heading")} busy={busy} notice={notice}>
      <p className="text-sm text-slate-700">{t("intro")}</p>
      <form ref={formRef} className="flex flex-col gap-3" onSubmit={redeem} noValidate>
        <VoucherCodeField name="account-voucher" value={code} onChange={setCode} error={codeError} />
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 self-start rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
        >
          {t("submit")}
        </button>
      </form>
    </AccountCard>
  );
}
