import type { Claims } from "../../../universal/claims/schema";
import { useT } from "../../i18n/translator";

/** The operator's independent report on its no-logs policy, when it has one to show. */
export function NoLogsReportLink({ claims }: { claims: Claims }) {
  const t = useT("common");
  if (!claims.noLogs || !claims.noLogsReportUrl) return null;
  return (
    <p className="mt-4">
      <a href={claims.noLogsReportUrl} rel="noopener" className="font-semibold text-brand-700 underline">
        {t("claims.noLogsReport")}
      </a>
    </p>
  );
}
