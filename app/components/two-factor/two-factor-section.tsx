import { useCallback, useEffect, useState } from "react";
import { API_ERRORS } from "../../../universal/api/errors";
import { browserTimeZone, formatDate } from "../../../universal/i18n/format";
import { useT } from "../../i18n/translator";
import { ApiError } from "../../lib/api";
import { passkeyCancelled, passkeysSupported } from "../../lib/passkey-client";
import { apiErrorKey } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import type { Profile, SectionNotice } from "../account/account-api";
import { AccountCard } from "../account/account-card";
import { useConfirmDialog } from "../account/confirm-dialog";
import { ConfirmIdentity } from "./confirm-identity";
import { PasskeyNameForm } from "./passkey-name-form";
import { RecoveryCodesList } from "./recovery-codes-list";
import { TotpSetup } from "./totp-setup";
import { type TwoFactorStatus, useTwoFactorApi } from "./two-factor-api";

const BUTTON =
  "min-h-11 self-start rounded-lg border border-slate-400 px-4 py-2 text-sm font-semibold hover:bg-slate-50";

/** The account's second factors: an authenticator app, passkeys, recovery codes; changes ask for a recent sign-in. */
export function TwoFactorSection({ profile }: { profile: Profile }) {
  const t = useT("twofactor");
  const tf = useT("forms");
  const { locale } = useLocale();
  const api = useTwoFactorApi();
  const { ask, dialog } = useConfirmDialog();
  const [status, setStatus] = useState<TwoFactorStatus>();
  const [busy, setBusy] = useState(true);
  const [notice, setNotice] = useState<SectionNotice>(null);
  const [enrolment, setEnrolment] = useState<{ secret: string; uri: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [renaming, setRenaming] = useState<number | null>(null);

  const load = useCallback(async () => setStatus(await api.status()), [api]);
  useEffect(() => {
    load()
      .catch((error) => setNotice({ tone: "error", text: tf(apiErrorKey(error)) }))
      .finally(() => setBusy(false));
  }, [load, tf]);

  /** Runs a change; a lapsed recent sign-in brings the confirmation back instead of an error. */
  async function change(action: () => Promise<void>, done?: string) {
    setBusy(true);
    setNotice(null);
    try {
      await action();
      await load();
      if (done) setNotice({ tone: "success", text: done });
    } catch (error) {
      if (error instanceof ApiError && error.envelope.code === API_ERRORS.recentSignInRequired.code) await load();
      else if (!passkeyCancelled(error)) setNotice({ tone: "error", text: tf(apiErrorKey(error)) });
    } finally {
      setBusy(false);
    }
  }

  const date = (iso: string) => formatDate(new Date(iso), locale, browserTimeZone());
  const canChange = status?.recent_sign_in ?? false;

  return (
    <AccountCard title={t("title")} busy={busy} notice={notice}>
      {dialog}
      <p className="text-sm">{status?.enabled ? t("stateOn") : t("intro")}</p>
      {codes ? <RecoveryCodesList codes={codes} onDone={() => setCodes(null)} /> : null}
      {status && !canChange && profile.email === null ? (
        // No password, no address (decision 042): a fresh sign-in with the number allows changes.
        <p className="text-sm">{t("confirm.withNumber")}</p>
      ) : null}
      {status && !canChange && profile.email !== null ? (
        <ConfirmIdentity
          email={profile.email}
          hasPassword={profile.is_password_set}
          onConfirmed={() => change(async () => undefined, t("confirm.done"))}
        />
      ) : null}
      {status && canChange ? (
        <>
          {enrolment ? (
            <TotpSetup
              {...enrolment}
              onCancel={() => setEnrolment(null)}
              onEnabled={(fresh) => {
                setEnrolment(null);
                setCodes(fresh);
                change(async () => undefined, t("totp.done"));
              }}
            />
          ) : status.totp ? (
            <p className="text-sm font-medium">{t("totp.on")}</p>
          ) : (
            <button
              type="button"
              className={BUTTON}
              onClick={() => change(async () => setEnrolment(await api.startTotp()))}
            >
              {t("totp.start")}
            </button>
          )}
          <h3 className="font-semibold">{t("passkeys.title")}</h3>
          {status.passkeys.length === 0 ? <p className="text-sm">{t("passkeys.none")}</p> : null}
          <ul className="flex flex-col gap-2">
            {status.passkeys.map((key, index) => {
              const label = key.name ?? t("passkeys.item", { number: index + 1 });
              return renaming === key.id ? (
                <li key={key.id} className="text-sm">
                  <PasskeyNameForm
                    name={key.name ?? ""}
                    onCancel={() => setRenaming(null)}
                    onSave={(name) =>
                      change(async () => {
                        await api.renamePasskey(key.id, name);
                        setRenaming(null);
                      }, t("passkeys.renamed"))
                    }
                  />
                </li>
              ) : (
                <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    <bdi className="font-medium">{label}</bdi> · {t("passkeys.added", { date: date(key.created_at) })}
                  </span>
                  <span className="flex flex-wrap gap-1">
                    <button
                      type="button"
                      className="min-h-11 px-2 text-brand-700 underline"
                      onClick={() => setRenaming(key.id)}
                    >
                      {t("passkeys.rename")}
                      <span className="sr-only"> {label}</span>
                    </button>
                    <button
                      type="button"
                      className="min-h-11 px-2 text-brand-700 underline"
                      onClick={async () => {
                        const name = label;
                        if (
                          await ask({
                            title: t("passkeys.removeTitle", { name }),
                            message: t("passkeys.removeConfirm"),
                            confirmLabel: t("passkeys.remove"),
                          })
                        ) {
                          await change(() => api.removePasskey(key.id).then(() => undefined), t("passkeys.removed"));
                        }
                      }}
                    >
                      {t("passkeys.remove")}
                      <span className="sr-only"> {label}</span>
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
          {status.passkeys_available && passkeysSupported() ? (
            <button
              type="button"
              className={BUTTON}
              onClick={() =>
                change(async () => setCodes((await api.addPasskey()).recovery_codes), t("passkeys.addedNotice"))
              }
            >
              {t("passkeys.add")}
            </button>
          ) : null}
          {status.enabled ? (
            <>
              <h3 className="font-semibold">{t("codes.heading")}</h3>
              <p className="text-sm">{t("codes.left", { count: status.recovery_codes_left })}</p>
              <button
                type="button"
                className={BUTTON}
                onClick={() => change(async () => setCodes((await api.newRecoveryCodes()).recovery_codes))}
              >
                {t("codes.new")}
              </button>
              <button
                type="button"
                className="min-h-11 self-start rounded-lg border border-red-700 px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50"
                onClick={async () => {
                  if (await ask({ title: t("off.title"), message: t("off.confirm"), confirmLabel: t("off.submit") })) {
                    await change(() => api.turnOff().then(() => setCodes(null)), t("off.done"));
                  }
                }}
              >
                {t("off.submit")}
              </button>
            </>
          ) : null}
        </>
      ) : null}
    </AccountCard>
  );
}
