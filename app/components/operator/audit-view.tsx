import { type FormEvent, useCallback, useEffect, useState } from "react";
import { formatDateTime } from "../../../universal/i18n/format";
import { AUDIT_ACTIONS, type AuditAction } from "../../../universal/staff/roles";
import { useT } from "../../i18n/translator";
import { apiErrorKey } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import type { SectionNotice } from "../account/account-api";
import { AccountCard } from "../account/account-card";
import { ChoiceField } from "./choice-field";
import { type AuditEntry, useConsoleApi } from "./console-api";

const json = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : "—");

/** The audit log, newest first, filtered by who and by action (decision 051). */
export function AuditView() {
  const t = useT("operator");
  const tf = useT("forms");
  const { locale } = useLocale();
  const api = useConsoleApi();
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  // Who has acted so far, learnt from the unfiltered log: the "who" filter's choices.
  const [actors, setActors] = useState<Array<{ value: string; label: string }>>([]);
  const [actor, setActor] = useState("");
  const [action, setAction] = useState<AuditAction | "">("");
  const [busy, setBusy] = useState(true);
  const [notice, setNotice] = useState<SectionNotice>(null);

  const load = useCallback(
    async (filter: { actor: string; action: AuditAction | "" }) => {
      setBusy(true);
      setNotice(null);
      try {
        const found = await api.audit(filter);
        setEntries(found);
        if (!filter.actor && !filter.action) {
          const seen = new Map<string, string>();
          for (const entry of found) {
            if (entry.actor_user_id !== null) seen.set(String(entry.actor_user_id), entry.actor);
          }
          setActors([...seen].map(([value, label]) => ({ value, label })));
        }
        if (found.length === 0) setNotice({ tone: "success", text: t("audit.none") });
      } catch (error) {
        setNotice({ tone: "error", text: tf(apiErrorKey(error)) });
      } finally {
        setBusy(false);
      }
    },
    [api, t, tf],
  );

  useEffect(() => {
    void load({ actor: "", action: "" });
  }, [load]);

  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void load({ actor, action });
  }

  return (
    <AccountCard title={t("menu.audit")} busy={busy} notice={notice}>
      <form onSubmit={filter} className="flex flex-wrap items-end gap-3">
        <ChoiceField
          id="audit-actor"
          label={t("audit.actor")}
          value={actor}
          onChange={setActor}
          anyLabel={t("audit.everyone")}
          options={[{ value: "token", label: t("audit.token") }, ...actors]}
        />
        <ChoiceField
          id="audit-action"
          label={t("audit.action")}
          value={action}
          onChange={setAction}
          anyLabel={t("audit.anyAction")}
          options={AUDIT_ACTIONS.map((value) => ({ value, label: t(`audit.actions.${value.replace(".", "_")}`) }))}
        />
        <button type="submit" className="min-h-11 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white">
          {t("audit.filter")}
        </button>
      </form>
      {entries.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-audit-log>
            <caption className="sr-only">{t("menu.audit")}</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="p-2 text-start">
                  {t("audit.at")}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t("audit.actor")}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t("audit.action")}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t("audit.target")}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t("audit.change")}
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="border-b border-slate-200 align-top">
                  <td className="p-2">{formatDateTime(new Date(entry.at), locale)}</td>
                  <td className="p-2">
                    {entry.actor === "token" ? t("audit.token") : <bdi dir="ltr">{entry.actor}</bdi>}
                  </td>
                  <td className="p-2">
                    {(AUDIT_ACTIONS as readonly string[]).includes(entry.action)
                      ? t(`audit.actions.${entry.action.replace(".", "_")}`)
                      : entry.action}
                  </td>
                  <td className="p-2">
                    <bdi dir="ltr">{entry.target}</bdi>
                  </td>
                  <td className="p-2">
                    <code dir="ltr" className="block break-all text-xs">
                      {json(entry.before)} → {json(entry.after)}
                    </code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </AccountCard>
  );
}
