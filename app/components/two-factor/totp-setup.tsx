import { type FormEvent, useState } from "react";
import { useT } from "../../i18n/translator";
import { apiErrorKey } from "../../lib/use-api";
import { Field } from "../forms/field";
import { QrCode } from "./qr-code";
import { useTwoFactorApi } from "./two-factor-api";

/** Enrolling an authenticator app: the QR code, the key in groups of four, and the first code. */
export function TotpSetup({
  secret,
  uri,
  onEnabled,
  onCancel,
}: {
  secret: string;
  uri: string;
  onEnabled: (recoveryCodes: string[] | null) => void;
  onCancel: () => void;
}) {
  const t = useT("twofactor");
  const api = useTwoFactorApi();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s/g, ""))) return setError("code.totpInvalid");
    setBusy(true);
    setError(undefined);
    try {
      onEnabled((await api.enableTotp(code.replace(/\s/g, ""))).recovery_codes);
    } catch (failure) {
      setError(apiErrorKey(failure));
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-busy={busy}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3"
    >
      <p className="text-sm">{t("totp.scan")}</p>
      <QrCode text={uri} label={t("totp.qrLabel")} />
      <p className="text-sm">{t("totp.manual")}</p>
      <p dir="ltr" className="text-center font-mono text-base break-all" data-totp-key>
        {secret.match(/.{1,4}/g)?.join(" ")}
      </p>
      <Field
        label={t("totp.codeLabel")}
        name="totp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        dir="ltr"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
      />
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
        >
          {t("totp.enable")}
        </button>
        <button type="button" className="min-h-11 px-2 text-sm text-brand-700 underline" onClick={onCancel}>
          {t("cancel")}
        </button>
      </div>
    </form>
  );
}
