import { useCallback, useEffect, useState } from "react";
import { browserTimeZone, formatDateTime } from "../../../universal/i18n/format";
import { useT } from "../../i18n/translator";
import { apiErrorKey } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import { type AccountSession, type SectionNotice, useAccountApi } from "./account-api";
import { AccountCard } from "./account-card";
import { countryName, sessionClientName } from "./client-names";
import { type ConfirmRequest, useConfirmDialog } from "./confirm-dialog";
import { WithValues } from "./with-values";

/** Where the account is signed in (website and apps); any other session can be ended, or all of them. */
export function SessionsSection() {
  const t = useT("myaccount");
  const tf = useT("forms");
  const { locale } = useLocale();
  const api = useAccountApi();
  const { ask, dialog } = useConfirmDialog();
  const [list, setList] = useState<{ sessions: AccountSession[]; total: number }>();
  const [busy, setBusy] = useState(true);
  const [notice, setNotice] = useState<SectionNotice>(null);

  const load = useCallback(async () => setList(await api.sessions()), [api]);
  useEffect(() => {
    load()
      .catch((error) => setNotice({ tone: "error", text: tf(apiErrorKey(error)) }))
      .finally(() => setBusy(false));
  }, [load, tf]);

  async function end(action: () => Promise<unknown>, confirm: ConfirmRequest, done: string) {
    if (!(await ask(confirm))) return;
    setBusy(true);
    setNotice(null);
    try {
      await action();
      await load();
      setNotice({ tone: "success", text: done });
    } catch (error) {
      setNotice({ tone: "error", text: tf(apiErrorKey(error)) });
    } finally {
      setBusy(false);
    }
  }

  const date = (iso: string) => <bdi>{formatDateTime(new Date(iso), locale, browserTimeZone())}</bdi>;
  const sessions = list?.sessions;
  const others = sessions?.filter((session) => !session.current) ?? [];

  return (
    <AccountCard title={t("sessions.title")} busy={busy} notice={notice}>
      <p className="text-sm">{t("sessions.intro")}</p>
      <ul className="flex flex-col gap-2" data-testid="session-list">
        {sessions?.map((session) => {
          const name = sessionClientName(t, session);
          return (
            <li
              key={session.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3 text-sm"
            >
              <div className="min-w-0">
                <p className="font-medium break-words">
                  <bdi>{name}</bdi>{" "}
                  {session.current ? (
                    <span className="ms-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                      {t("sessions.current")}
                    </span>
                  ) : null}
                </p>
                <p className="text-slate-600">{countryName(session.country, locale, t("sessions.unknownCountry"))}</p>
                <p className="text-slate-600">
                  <WithValues text={t("sessions.created")} values={{ date: date(session.created_at) }} />
                </p>
                <p className="text-slate-600">
                  <WithValues text={t("sessions.lastSeen")} values={{ date: date(session.last_seen_at) }} />
                </p>
              </div>
              {session.current ? null : (
                <button
                  type="button"
                  className="min-h-11 rounded-lg border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-50"
                  aria-label={t("sessions.endNamed", { name })}
                  onClick={() =>
                    end(
                      () => api.endSession(session.id),
                      {
                        title: t("sessions.confirmTitle"),
                        message: t("sessions.confirm", { name }),
                        confirmLabel: t("sessions.end"),
                      },
                      t("sessions.ended", { name }),
                    )
                  }
                >
                  {t("sessions.end")}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {list && list.total > list.sessions.length ? (
        <p className="text-sm text-slate-700" data-sessions-unlisted="">
          {t("sessions.unlisted", { unlisted: list.total - list.sessions.length })}
        </p>
      ) : null}
      {others.length > 0 ? (
        <button
          type="button"
          className="min-h-11 self-start rounded-lg border border-slate-400 px-4 py-2 text-sm font-semibold hover:bg-slate-50"
          onClick={() =>
            end(
              api.endOtherSessions,
              {
                title: t("sessions.confirmOthersTitle"),
                message: t("sessions.confirmOthers"),
                confirmLabel: t("sessions.endOthers"),
              },
              t("sessions.endedOthers"),
            )
          }
        >
          {t("sessions.endOthers")}
        </button>
      ) : null}
      {dialog}
    </AccountCard>
  );
}
