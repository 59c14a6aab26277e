import { type FormEvent, useCallback, useEffect, useState } from "react";
import { formatDateTime } from "../../../universal/i18n/format";
import { REPORT_STATUSES, type ReportStatus } from "../../../universal/staff/roles";
import { useT } from "../../i18n/translator";
import { apiErrorKey } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import type { SectionNotice } from "../account/account-api";
import { AccountCard } from "../account/account-card";
import { ChoiceField, CONSOLE_CONTROL } from "./choice-field";
import { type InboxReport, type InboxThread, useConsoleApi } from "./console-api";

const primary = "min-h-11 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white";
const secondary = "min-h-11 rounded-lg border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-50";

/** The support inbox (decision 053): contact reports, searched, opened, answered by e-mail, given a status. */
export function InboxView() {
  const t = useT("operator");
  const statusOptions = REPORT_STATUSES.map((value) => ({ value, label: t(`inbox.statuses.${value}`) }));
  const tf = useT("forms");
  const { locale } = useLocale();
  const api = useConsoleApi();
  const [query, setQuery] = useState("");
  const [status, setStatus] = useState<ReportStatus | "">("");
  const [reports, setReports] = useState<InboxReport[] | null>(null);
  const [thread, setThread] = useState<InboxThread | null>(null);
  const [reply, setReply] = useState("");
  const [newStatus, setNewStatus] = useState<ReportStatus>("new");
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<SectionNotice>(null);

  const run = useCallback(
    async (work: () => Promise<string | null>) => {
      setBusy(true);
      setNotice(null);
      try {
        const text = await work();
        if (text) setNotice({ tone: "success", text });
      } catch (error) {
        setNotice({ tone: "error", text: tf(apiErrorKey(error)) });
      } finally {
        setBusy(false);
      }
    },
    [tf],
  );

  const load = useCallback(
    (filter: { q: string; status: ReportStatus | "" }) =>
      run(async () => {
        setReports(await api.inbox(filter));
        return null;
      }),
    [api, run],
  );

  useEffect(() => {
    void load({ q: "", status: "" });
  }, [load]);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void load({ q: query.trim(), status });
  }

  const open = (id: number) =>
    run(async () => {
      const opened = await api.inboxReport(id);
      setThread(opened);
      setNewStatus(opened.status);
      setReply("");
      return null;
    });

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!thread || !reply.trim()) return;
    void run(async () => {
      await api.inboxReply(thread.id, reply.trim());
      const opened = await api.inboxReport(thread.id);
      setThread(opened);
      setNewStatus(opened.status);
      setReply("");
      return t("inbox.sent", { email: thread.email });
    });
  }

  function saveStatus(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!thread) return;
    void run(async () => {
      await api.inboxStatus(thread.id, newStatus);
      setThread(await api.inboxReport(thread.id));
      return t("inbox.statusSaved");
    });
  }

  function back() {
    setThread(null);
    void load({ q: query.trim(), status });
  }

  if (thread) {
    return (
      <AccountCard title={t("menu.inbox")} busy={busy} notice={notice}>
        <button type="button" onClick={back} className={secondary}>
          {t("inbox.back")}
        </button>
        <article className="flex flex-col gap-2">
          <h3 className="text-lg font-semibold">
            <bdi dir="ltr">{thread.reference}</bdi> · {t(`inbox.statuses.${thread.status}`)}
          </h3>
          <p className="text-sm text-slate-700">
            {thread.name} · <bdi dir="ltr">{thread.email}</bdi> · <bdi dir="ltr">{thread.topic}</bdi>
            {thread.order_id ? (
              <>
                {" "}
                · {t("orders.columns.order")}: <bdi dir="ltr">{thread.order_id}</bdi>
              </>
            ) : null}{" "}
            · {formatDateTime(new Date(thread.created_at), locale)}
          </p>
          <p className="whitespace-pre-wrap rounded-lg bg-slate-50 p-3" dir="auto">
            {thread.message}
          </p>
        </article>
        <section aria-labelledby="inbox-replies" className="flex flex-col gap-2">
          <h3 id="inbox-replies" className="font-semibold">
            {t("inbox.replies")}
          </h3>
          {thread.replies.length === 0 ? <p>{t("inbox.noReplies")}</p> : null}
          <ol className="flex flex-col gap-2">
            {thread.replies.map((entry) => (
              <li key={entry.id} className="rounded-lg border border-slate-300 p-3">
                <p className="text-sm text-slate-700">
                  <bdi dir="ltr">{entry.staff_email ?? "—"}</bdi> · {formatDateTime(new Date(entry.created_at), locale)}
                </p>
                <p className="whitespace-pre-wrap" dir="auto">
                  {entry.message}
                </p>
              </li>
            ))}
          </ol>
        </section>
        <form onSubmit={send} className="flex flex-col gap-2">
          <label htmlFor="inbox-reply" className="text-sm font-medium">
            {t("inbox.reply")}
          </label>
          <p id="inbox-reply-hint" className="text-sm text-slate-700">
            {t("inbox.replyHint", { email: thread.email })}
          </p>
          <textarea
            id="inbox-reply"
            aria-describedby="inbox-reply-hint"
            value={reply}
            onChange={(event) => setReply(event.target.value)}
            rows={6}
            maxLength={10_000}
            required
            dir="auto"
            className={CONSOLE_CONTROL}
          />
          <button type="submit" className={`${primary} self-start`}>
            {t("inbox.send")}
          </button>
        </form>
        <form onSubmit={saveStatus} className="flex flex-wrap items-end gap-3">
          <ChoiceField
            id="inbox-status"
            label={t("inbox.status")}
            value={newStatus}
            onChange={setNewStatus}
            options={statusOptions}
          />
          <button type="submit" className={secondary}>
            {t("inbox.saveStatus")}
          </button>
        </form>
      </AccountCard>
    );
  }

  return (
    <AccountCard title={t("menu.inbox")} busy={busy} notice={notice}>
      <search>
        <form onSubmit={search} className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-64 flex-1 flex-col gap-1">
            <label htmlFor="inbox-search" className="text-sm font-medium">
              {t("inbox.search")}
            </label>
            <input
              id="inbox-search"
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              dir="auto"
              className={CONSOLE_CONTROL}
            />
          </div>
          <ChoiceField
            id="inbox-filter"
            label={t("inbox.status")}
            value={status}
            onChange={setStatus}
            anyLabel={t("inbox.anyStatus")}
            options={statusOptions}
          />
          <button type="submit" className={primary}>
            {t("orders.submit")}
          </button>
        </form>
      </search>
      {reports && reports.length === 0 ? <p>{t("inbox.none")}</p> : null}
      {reports && reports.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-start text-sm">
            <caption className="sr-only">{t("inbox.caption")}</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="p-2 text-start">
                  {t("inbox.columns.received")}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t("inbox.columns.from")}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t("inbox.columns.topic")}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t("inbox.status")}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t("staff.actions")}
                </th>
              </tr>
            </thead>
            <tbody>
              {reports.map((entry) => (
                <tr key={entry.id} className="border-b border-slate-200">
                  <td className="p-2">{formatDateTime(new Date(entry.created_at), locale)}</td>
                  <td className="p-2">
                    {entry.name}
                    <span className="block text-xs text-slate-600">
                      <bdi dir="ltr">{entry.email}</bdi>
                    </span>
                  </td>
                  <td className="p-2">
                    <bdi dir="ltr">{entry.topic}</bdi>
                  </td>
                  <td className="p-2">{t(`inbox.statuses.${entry.status}`)}</td>
                  <td className="p-2">
                    <button
                      type="button"
                      onClick={() => void open(entry.id)}
                      aria-label={t("inbox.openOf", { reference: entry.reference })}
                      className={secondary}
                    >
                      {t("inbox.open")}
                    </button>
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
