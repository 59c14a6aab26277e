import { browserTimeZone, formatDate, formatDuration, remainingDuration } from "../../../universal/i18n/format";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import type { Profile, SectionNotice } from "./account-api";
import { AccountCard } from "./account-card";
import { WithValues } from "./with-values";

/** Who is logged in, and until when their paid time runs (with the time left in the locale's words). */
export function ProfileSection({ profile, notice }: { profile?: Profile; notice?: SectionNotice }) {
  const t = useT("myaccount");
  const { to, locale } = useLocale();
  const vip = profile?.vip;
  const left = vip ? remainingDuration(vip.remain_time) : null;
  return (
    <AccountCard title={t("profile.title")} busy={!profile && !notice} notice={notice}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-600">{t("profile.email")}</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere]">
          {profile && profile.email === null ? (
            t("profile.accountNumber")
          ) : (
            <bdi dir="ltr">{profile?.email ? <EmailAddress email={profile.email} /> : "…"}</bdi>
          )}
        </dd>
        <dt className="text-slate-600">{t("profile.userId")}</dt>
        <dd>
          <bdi dir="ltr">{profile?.user_id ?? "…"}</bdi>
        </dd>
        <dt className="text-slate-600">{t("profile.status")}</dt>
        <dd>
          {!vip ? (
            "…"
          ) : vip.is_vip && vip.expire_at && left ? (
            <>
              <WithValues
                text={t("profile.activeUntil")}
                values={{ date: <bdi>{formatDate(new Date(vip.expire_at), locale, browserTimeZone())}</bdi> }}
              />
              <br />
              <span className="text-slate-600">
                {t("profile.timeLeft", { duration: formatDuration(left.count, left.unit, locale) })}
              </span>
            </>
          ) : (
            t("profile.free")
          )}
        </dd>
      </dl>
      {vip && !vip.is_vip ? (
        <a
          href={to("/pricing")}
          className="self-start rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-600"
        >
          {t("profile.choosePlan")}
        </a>
      ) : null}
    </AccountCard>
  );
}

/** A long address breaks after its "@" on a phone, not in the middle of the domain. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
