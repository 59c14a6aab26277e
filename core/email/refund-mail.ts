import { formatDate, formatPrice } from "../../universal/i18n/format";
import { type Locale, localeInfo, localizePath } from "../../universal/i18n/locales";
import { planName } from "../../universal/i18n/plan-name";
import { escapeHtml } from "../../universal/text/escape-html";
import { type DetailRow, detailsTable, emailTexts, type MailContent, mailDocument, primaryButton } from "./templates";

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
  const t = emailTexts(locale);
  const rows: DetailRow[] = [
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
  const link = accountUrl ? primaryButton(accountUrl, t("refund.accountButton")) : "";
  const html = mailDocument({ iso, dir, subject, footer: t("footer") }, [
    ...paragraphs.map((line) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(line)}</p>`),
    detailsTable(rows),
    link,
  ]);
  return { subject, text, html };
}
