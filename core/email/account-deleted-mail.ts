import { DEFAULT_LOCALE, isLocale, localeInfo } from "../../universal/i18n/locales";
import { escapeHtml } from "../../universal/text/escape-html";
import type { ExportNotes } from "../privacy/export-account";
import { emailTexts, type MailContent, mailDocument } from "./templates";

const languageOf = (locale: string) => (isLocale(locale) ? locale : DEFAULT_LOCALE);

/** The last mail to a deleted account's address, in its language: what went, what stays and why. */
export function accountDeletedMail(input: { locale: string; email: string }): MailContent {
  const locale = languageOf(input.locale);
  const t = emailTexts(locale);
  const subject = t("deleted.subject");
  const paragraphs = [
    t("deleted.intro", { email: input.email }),
    t("deleted.erased"),
    t("deleted.orders"),
    t("deleted.renewal"),
    t("deleted.notYou"),
  ];
  const { iso, dir } = localeInfo(locale);
  return {
    subject,
    text: [...paragraphs.flatMap((paragraph) => [paragraph, ""]), "--", t("footer")].join("\n"),
    html: mailDocument(
      { iso, dir, subject, footer: t("footer") },
      paragraphs.map(
        (paragraph) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(paragraph)}</p>`,
      ),
    ),
  };
}

/** The notes at the top of an account's data export, in its language. */
export function exportNotes(locale: string): ExportNotes {
  const t = emailTexts(languageOf(locale));
  return { analytics: t("export.analytics"), omitted: t("export.omitted"), orders: t("export.orders") };
}
