import type { SecurityEventKind } from "../../universal/account/security-events";
import { formatDateTime } from "../../universal/i18n/format";
import { DEFAULT_LOCALE, isLocale, type Locale, localeInfo } from "../../universal/i18n/locales";
import { escapeHtml } from "../../universal/text/escape-html";
import { type DetailRow, detailsTable, emailTexts, type MailContent, mailDocument, primaryButton } from "./templates";

const paragraph = (text: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(text)}</p>`;
const note = (text: string) => `<p style="margin:0 0 24px;font-size:14px;color:#475569">${escapeHtml(text)}</p>`;
const asLocale = (locale: string): Locale => (isLocale(locale) ? locale : DEFAULT_LOCALE);

/** "Your password was changed": the notice every change of the security log sends, in the account's language. */
export function securityNoticeMail(input: {
  locale: string;
  email: string;
  kind: SecurityEventKind;
  at: Date;
}): MailContent {
  const locale = asLocale(input.locale);
  const t = emailTexts(locale);
  const { iso, dir } = localeInfo(locale);
  const subject = t(`security.subject.${input.kind}`);
  const intro = t(`security.intro.${input.kind}`, { email: input.email });
  const rows: DetailRow[] = [
    [t("security.account"), input.email, true],
    [t("security.when"), `${formatDateTime(input.at, locale)} UTC`, true],
  ];
  const text = [
    intro,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    t("security.notYou"),
    "",
    "--",
    t("footer"),
  ].join("\n");
  const html = mailDocument({ iso, dir, subject, footer: t("footer") }, [
    paragraph(intro),
    detailsTable(rows),
    note(t("security.notYou")),
  ]);
  return { subject, text, html };
}

/**
 * To the old address after an e-mail change: what changed, and the one-click way back for 72 hours.
 * The link is a secret (it restores the address), so the outbox keeps the mail without it.
 */
export function emailChangedMail(input: {
  locale: string;
  oldEmail: string;
  newEmail: string;
  undoUrl: string;
  undoUntil: Date;
}): MailContent {
  const locale = asLocale(input.locale);
  const t = emailTexts(locale);
  const { iso, dir } = localeInfo(locale);
  const subject = t("emailChange.subject");
  const intro = t("emailChange.intro", { old: input.oldEmail, new: input.newEmail });
  const until = `${formatDateTime(input.undoUntil, locale)} UTC`;
  const undoLine = t("emailChange.undo", { date: until });
  const render = (undoUrl: string | null) => ({
    text: [intro, "", undoLine, ...(undoUrl ? [undoUrl] : []), "", t("emailChange.ifYou"), "", "--", t("footer")].join(
      "\n",
    ),
    html: mailDocument({ iso, dir, subject, footer: t("footer") }, [
      paragraph(intro),
      paragraph(undoLine),
      ...(undoUrl ? [primaryButton(undoUrl, t("emailChange.undoButton"))] : []),
      note(t("emailChange.ifYou")),
    ]),
  });
  return { subject, ...render(input.undoUrl), redacted: render(null) };
}
