import { DEFAULT_LOCALE, isLocale, type Locale, localeInfo } from "../../universal/i18n/locales";
import { escapeHtml } from "../../universal/text/escape-html";
import { emailTexts, type MailContent, mailDocument } from "./templates";

const asLocale = (locale: string): Locale => (isLocale(locale) ? locale : DEFAULT_LOCALE);

/**
 * Support's reply to a contact report (decision 053), in the language the reporter wrote in:
 * "Re: [reference] …", the reply, then the reporter's own message quoted.
 */
export function supportReplyMail(input: {
  locale: string;
  reference: string;
  reply: string;
  original: string;
}): MailContent {
  const locale = asLocale(input.locale);
  const t = emailTexts(locale);
  const { iso, dir } = localeInfo(locale);
  const subject = `Re: [${input.reference}] ${t("supportReply.subject")}`;
  const quoted = input.original
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  const text = [input.reply, "", t("supportReply.quote"), quoted, "", "--", t("footer")].join("\n");
  const html = mailDocument({ iso, dir, subject, footer: t("footer") }, [
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;white-space:pre-wrap">${escapeHtml(input.reply)}</p>`,
    `<p style="margin:0 0 8px;font-size:14px;color:#475569">${escapeHtml(t("supportReply.quote"))}</p>`,
    `<blockquote style="margin:0 0 16px;padding-inline-start:12px;border-inline-start:3px solid #cbd5e1;color:#475569;white-space:pre-wrap">${escapeHtml(input.original)}</blockquote>`,
  ]);
  return { subject, text, html };
}
