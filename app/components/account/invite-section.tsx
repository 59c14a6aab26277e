import { useEffect, useId, useRef, useState } from "react";
import { localDigits } from "../../../universal/i18n/digits";
import { browserTimeZone, formatDate } from "../../../universal/i18n/format";
import { useT } from "../../i18n/translator";
import { apiErrorKey } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import { rewardText } from "../invites/reward-text";
import { QrCode } from "../two-factor/qr-code";
import { type InviteStatus, type SectionNotice, useAccountApi } from "./account-api";
import { AccountCard } from "./account-card";

const button = "min-h-11 rounded-lg border border-slate-400 px-4 py-2 text-sm font-semibold hover:bg-slate-50";

/**
 * Invite a friend (decision 047): a paying customer's link (copy, the system's share sheet where
 * the browser has one, a QR code drawn here), how many friends joined and bought through it, and
 * the account's rewards, pending until the friend's refund window has passed.
 */
export function InviteSection() {
  const t = useT("myaccount");
  const tf = useT("forms");
  const { locale } = useLocale();
  const api = useAccountApi();
  const ids = useId();
  const field = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<InviteStatus>();
  const [busy, setBusy] = useState(true);
  const [notice, setNotice] = useState<SectionNotice>(null);
  const [canShare, setCanShare] = useState(false);

  useEffect(() => {
    setCanShare(typeof navigator.share === "function");
    api
      .invite()
      .then(setStatus)
      .catch((error) => setNotice({ tone: "error", text: tf(apiErrorKey(error)) }))
      .finally(() => setBusy(false));
  }, [api, tf]);

  const link = status?.short_link ?? null;
  const reward = status ? rewardText(status.reward, locale) : "";
  const date = (value: string | null) => (value ? formatDate(new Date(value), locale, browserTimeZone()) : "");

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setNotice({ tone: "success", text: t("invite.copied") });
    } catch {
      // No clipboard (permission, an old browser): the link is selected for the keyboard's copy.
      field.current?.select();
      setNotice({ tone: "error", text: t("invite.copyFailed") });
    }
  }

  async function share() {
    if (!link) return;
    try {
      await navigator.share({ title: t("invite.shareTitle"), text: t("invite.shareText"), url: link });
    } catch {
      // Closed without sharing: nothing to say.
    }
  }

  return (
    <AccountCard id="invite" title={t("invite.title")} busy={busy} notice={notice}>
      {!status ? null : !link ? (
        <p className="text-sm text-slate-700">{t("invite.notYet")}</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">{reward ? t("invite.intro", { reward }) : t("invite.introNoReward")}</p>
          <label htmlFor={`${ids}-link`} className="text-sm font-medium">
            {t("invite.linkLabel")}
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              ref={field}
              id={`${ids}-link`}
              readOnly
              dir="ltr"
              value={link}
              onFocus={(event) => event.currentTarget.select()}
              className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-400 bg-slate-50 px-3 py-2 font-mono text-sm"
            />
            <button type="button" className={button} onClick={copy}>
              {t("invite.copy")}
            </button>
            {canShare ? (
              <button type="button" className={button} onClick={share}>
                {t("invite.share")}
              </button>
            ) : null}
          </div>
          <QrCode text={link} label={t("invite.qr")} />
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            <dt>{t("invite.joined")}</dt>
            <dd data-invite-joined="" className="text-end font-semibold">
              {localDigits(String(status.joined), locale)}
            </dd>
            <dt>{t("invite.purchased")}</dt>
            <dd data-invite-purchased="" className="text-end font-semibold">
              {localDigits(String(status.purchased), locale)}
            </dd>
          </dl>
        </>
      )}
      {status && status.rewards.length > 0 ? (
        <>
          <h3 className="font-semibold">{t("invite.rewardsTitle")}</h3>
          <ul className="flex flex-col gap-1 text-sm">
            {status.rewards.map((row) => (
              <li key={`${row.role}-${row.due_at}-${row.status}`} data-invite-reward={row.status}>
                {t(`invite.reward.${row.status}`, {
                  reward: rewardText(row, locale),
                  why: t(`invite.role.${row.role}`),
                  date: date(row.status === "granted" ? row.granted_at : row.due_at),
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </AccountCard>
  );
}
