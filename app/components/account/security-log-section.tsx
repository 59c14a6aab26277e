import { useEffect, useState } from "react";
import { APPS } from "../../../universal/apps/app-registry";
import { browserTimeZone, formatDateTime } from "../../../universal/i18n/format";
import { useT } from "../../i18n/translator";
import { apiErrorKey } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import { type SectionNotice, type SecurityLog, useAccountApi } from "./account-api";
import { AccountCard } from "./account-card";
import { countryName } from "./client-names";

/** The account's security log: sign-in counts and the latest sign-ins and changes, kept for 90 days. */
export function SecurityLogSection() {
  const t = useT("myaccount");
  const tf = useT("forms");
  const { locale } = useLocale();
  const api = useAccountApi();
  const [log, setLog] = useState<SecurityLog>();
  const [busy, setBusy] = useState(true);
  const [notice, setNotice] = useState<SectionNotice>(null);

  useEffect(() => {
    api
      .securityLog()
      .then(setLog)
      .catch((error) => setNotice({ tone: "error", text: tf(apiErrorKey(error)) }))
      .finally(() => setBusy(false));
  }, [api, tf]);

  return (
    <AccountCard title={t("security.title")} busy={busy} notice={notice}>
      {log ? (
        <>
          <p className="text-sm">{t("security.intro", { days: log.days })}</p>
          <p className="text-sm font-medium">
            {t("security.signIns", { succeeded: log.sign_ins.succeeded, failed: log.sign_ins.failed })}
          </p>
          {log.events.length === 0 ? <p className="text-sm text-slate-600">{t("security.none")}</p> : null}
          <ol className="flex flex-col divide-y divide-slate-200 text-sm" data-testid="security-log">
            {log.events.map((event, index) => {
              const app = event.app_type === null ? undefined : APPS.get(event.app_type);
              const where = [
                countryName(event.country, locale, t("sessions.unknownCountry")),
                app && app.family !== "Web" ? `${app.product} (${app.family})` : null,
              ].filter(Boolean);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: two events may share a moment and a kind
                <li key={`${event.at}-${event.kind}-${index}`} className="py-2">
                  <p className={`font-medium ${event.kind === "sign_in_failed" ? "text-red-800" : ""}`}>
                    {t(`security.kinds.${event.kind}`)}
                  </p>
                  <p className="text-slate-600">
                    <bdi>{formatDateTime(new Date(event.at), locale, browserTimeZone())}</bdi> ·{" "}
                    <bdi>{where.join(" · ")}</bdi>
                  </p>
                </li>
              );
            })}
          </ol>
        </>
      ) : null}
    </AccountCard>
  );
}
