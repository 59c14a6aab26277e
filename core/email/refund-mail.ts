import { BRAND } from "../../universal/brand/brand";
import { formatDate, formatPrice } from "../../universal/i18n/format";
import { type Locale, localeInfo, localizePath } from "../../universal/i18n/locales";
import { planName } from "../../universal/i18n/plan-name";
import { translate } from "../../universal/i18n/translate";
import { escapeHtml } from "../../universal/text/escape-html";
import { EMAIL_CATALOGUES } from "./catalogues";
import { type MailContent, mailDocument } from "./templates";

export interface RefundDetails {
  locale: Locale;
  orderId: string;
  months: number;
  amountMinor: number;
  currency: string;
  refundedAt: Date;
  /** Devices unbound because the account is back to the free limit. */
  devicesUnbound: number;
  /** The site the buyer bought on; no link without it. */
  siteOrigin?: string;
}

/** The refund confirmation, in the customer's language: what was refunded, that access ended. */
export function refundMail(details: RefundDetails): MailContent {
  const { locale } = details;
  const resources = { email: EMAIL_CATALOGUES[locale] ?? {} };
  const t = (key: string, vars: Record<string, string> = {}) => translate(resources, locale, "email", key, vars);
  const rows: Array<[string, string, boolean]> = [
    [t("refund.order"), details.orderId, true],
    [t("refund.plan"), planName(details.months, locale), false],
    [t("refund.amount"), `${formatPrice(details.amountMinor, details.currency, locale)} ${details.currency}`, true],
    [t("refund.refundedOn"), formatDate(details.refundedAt, locale), false],
  ];
  const accountUrl = details.siteOrigin ? `${details.siteOrigin}${localizePath("/myaccount", locale)}` : undefined;
  const subject = t("refund.subject", { order: details.orderId });
  const paragraphs = [
    t("refund.intro"),
    t("refund.timing"),
    ...(details.devicesUnbound > 0 ? [t("refund.devices")] : []),
  ];
  const text = [
    ...paragraphs.flatMap((line) => [line, ""]),
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    ...(accountUrl ? [t("refund.account"), accountUrl, ""] : []),
    "--",
    t("footer"),
  ].join("\n");

  const { iso, dir } = localeInfo(locale);
  const cell = "padding:6px 0;font-size:15px;border-bottom:1px solid #e2e8f0";
  const tableRows = rows
    .map(
      ([label, value, isolate]) =>
        `<tr><th style="${cell};font-weight:600;padding-inline-end:16px;text-align:start;white-space:nowrap">${escapeHtml(label)}</th><td style="${cell}${isolate ? ";word-break:break-all" : ""}">${isolate ? `<bdi dir="ltr">${escapeHtml(value)}</bdi>` : escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const link = accountUrl
    ? `<p style="margin:0 0 24px"><a href="${escapeHtml(accountUrl)}" style="display:inline-block;background:${BRAND.colours.primary};color:#ffffff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:8px">${escapeHtml(t("refund.accountButton"))}</a></p>`
    : "";
  const html = mailDocument({ iso, dir, subject, footer: t("footer") }, [
    ...paragraphs.map((line) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(line)}</p>`),
    `<table role="presentation" width="100%" style="border-collapse:collapse;margin:0 0 24px">${tableRows}</table>`,
    link,
  ]);
  return { subject, text, html };
}
