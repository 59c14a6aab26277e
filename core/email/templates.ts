import { BRAND } from "../../universal/brand/brand";
import { DEFAULT_LOCALE, isLocale, type Locale, localeInfo } from "../../universal/i18n/locales";
import { translate } from "../../universal/i18n/translate";
import { escapeHtml } from "../../universal/text/escape-html";
import type { Purpose } from "../auth/verification";
import { EMAIL_CATALOGUES } from "./catalogues";

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** What the outbox keeps once the message left by SMTP: the same mail without its secret. */
  redacted?: { text: string; html: string };
}

/** The `email` catalogue's texts in one language, placeholders filled. */
export function emailTexts(locale: Locale) {
  const resources = { email: EMAIL_CATALOGUES[locale] ?? {} };
  return (key: string, vars: Record<string, string> = {}) => translate(resources, locale, "email", key, vars);
}

/** A label and its value; `isolate` keeps an id or amount left-to-right inside right-to-left text. */
export type DetailRow = [label: string, value: string, isolate: boolean];

/** An order's details as a two-column table of inline-styled rows. */
export function detailsTable(rows: DetailRow[]): string {
  const cell = "padding:6px 0;font-size:15px;border-bottom:1px solid #e2e8f0";
  const cells = rows
    .map(
      ([label, value, isolate]) =>
        `<tr><th style="${cell};font-weight:600;padding-inline-end:16px;text-align:start;white-space:nowrap">${escapeHtml(label)}</th><td style="${cell}${isolate ? ";word-break:break-all" : ""}">${isolate ? `<bdi dir="ltr">${escapeHtml(value)}</bdi>` : escapeHtml(value)}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" width="100%" style="border-collapse:collapse;margin:0 0 24px">${cells}</table>`;
}

/** The mail's main call to action: a filled button in the brand's colour. */
export function primaryButton(url: string, label: string): string {
  return `<p style="margin:0 0 24px"><a href="${escapeHtml(url)}" style="display:inline-block;background:${BRAND.colours.primary};color:#ffffff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:8px">${escapeHtml(label)}</a></p>`;
}

/** The verification code e-mail, in the user's language: HTML and text, branded, no remote images. */
/**
 * The frame every mail shares: the brand line, the content, the footer. Inline styles only (mail
 * clients drop style sheets); the card's padding sits inside its width so it fits a phone.
 */
export function mailDocument(
  frame: { iso: string; dir: string; subject: string; footer: string },
  content: string[],
): string {
  return `<!DOCTYPE html>
<html lang="${frame.iso}" dir="${frame.dir}"><head><meta charset="utf-8"><title>${escapeHtml(frame.subject)}</title></head>
<body style="margin:0;padding:12px;background:#f1f5f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" style="box-sizing:border-box;max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<tr><td>
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:${BRAND.colours.primary}">${escapeHtml(BRAND.name)}</p>
${content.join("\n")}
<p style="margin:0;font-size:12px;color:#64748b">${escapeHtml(frame.footer)}</p>
</td></tr></table></body></html>`;
}

export function verificationCodeMail(input: {
  locale: string;
  purpose: Purpose;
  email: string;
  code: string;
}): MailContent {
  const locale = isLocale(input.locale) ? input.locale : DEFAULT_LOCALE;
  const t = emailTexts(locale);
  const subject = t(`code.subject.${input.purpose}`);
  const intro = t(`code.intro.${input.purpose}`, { email: input.email });
  const { iso, dir } = localeInfo(locale);
  const render = (code: string) => ({
    text: [intro, "", code, "", t("code.expiry"), t("code.ignore"), "", "--", t("footer")].join("\n"),
    html: mailDocument({ iso, dir, subject, footer: t("footer") }, [
      `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(intro)}</p>`,
      `<p dir="ltr" style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px;font-family:ui-monospace,Menlo,Consolas,monospace">${escapeHtml(code)}</p>`,
      `<p style="margin:0 0 8px;font-size:14px;color:#475569">${escapeHtml(t("code.expiry"))}</p>`,
      `<p style="margin:0 0 24px;font-size:14px;color:#475569">${escapeHtml(t("code.ignore"))}</p>`,
    ]),
  });
  // The code is a secret: once the mail is delivered, the outbox keeps it without the code.
  return { subject, ...render(input.code), redacted: render(REDACTED_CODE) };
}

/** What stands for a code in the copy the outbox keeps after delivery. */
export const REDACTED_CODE = "\u2022\u2022\u2022\u2022\u2022\u2022";

/** The e-mail support receives for a contact-us report (in English: the support team's language). */
export function contactReportMail(report: {
  reference: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  order_id?: string;
  locale: string;
}): MailContent {
  const subject = `[${report.reference}] ${report.topic}: ${report.name}`.slice(0, 200);
  const fields: Array<[string, string]> = [
    ["Reference", report.reference],
    ["Name", report.name],
    ["E-mail", report.email],
    ["Topic", report.topic],
    ["Order", report.order_id || "-"],
    ["Language", report.locale],
  ];
  const text = [...fields.map(([label, value]) => `${label}: ${value}`), "", report.message].join("\n");
  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${label}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0f172a">
<table role="presentation">${rows}</table>
<p style="white-space:pre-wrap;border-top:1px solid #cbd5e1;padding-top:12px">${escapeHtml(report.message)}</p>
</body></html>`;
  return { subject, text, html };
}
