import { BRAND } from "../../universal/brand/brand";
import { formatDate, formatPrice } from "../../universal/i18n/format";
import { type Locale, localeInfo, localizePath } from "../../universal/i18n/locales";
import { planName } from "../../universal/i18n/plan-name";
import { receiptPath } from "../../universal/routing/receipt-path";
import { escapeHtml } from "../../universal/text/escape-html";
import { type DetailRow, detailsTable, emailTexts, type MailContent, mailDocument, primaryButton } from "./templates";

export interface ReceiptDetails {
  locale: Locale;
  orderId: string;
  months: number;
  amountMinor: number;
  currency: string;
  paidAt: Date;
  /** The end of the paid period; null when the processor did not say. */
  renewsAt: Date | null;
  autoRenew: boolean;
  /** Accounts made at checkout have no password yet: the apps need one. */
  passwordSet: boolean;
  /** The site the buyer bought on ("https://veilport.example"); no links without it. */
  siteOrigin?: string;
}

/** The receipt for a paid order, in the buyer's language: text and HTML, branded, no remote images. */
export function receiptMail(details: ReceiptDetails): MailContent {
  const { locale } = details;
  const t = emailTexts(locale);
  const rows: DetailRow[] = [
    [t("receipt.order"), details.orderId, true],
    [t("receipt.plan"), planName(details.months, locale), false],
    [t("receipt.amount"), `${formatPrice(details.amountMinor, details.currency, locale)} ${details.currency}`, true],
    [t("receipt.paidOn"), formatDate(details.paidAt, locale), false],
  ];
  if (details.renewsAt) {
    rows.push([
      t(details.autoRenew ? "receipt.renewsOn" : "receipt.endsOn"),
      formatDate(details.renewsAt, locale),
      false,
    ]);
  }
  const accountUrl = details.siteOrigin ? `${details.siteOrigin}${localizePath("/myaccount", locale)}` : undefined;
  // One click to the printable receipt and its PDF (after signing in, if the browser is not).
  const receiptUrl = details.siteOrigin
    ? `${details.siteOrigin}${localizePath(receiptPath(details.orderId), locale)}`
    : undefined;
  const subject = t("receipt.subject", { order: details.orderId });
  const intro = t("receipt.intro");
  const passwordLine = details.passwordSet ? undefined : t("receipt.setPassword");
  const accountLine = t("receipt.manage");
  const nextStep = passwordLine ?? accountLine;
  const text = [
    intro,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    ...(receiptUrl ? [t("receipt.receiptLine"), receiptUrl, ""] : []),
    nextStep,
    ...(accountUrl ? [accountUrl] : []),
    "",
    t("receipt.keep"),
    "",
    "--",
    t("footer"),
  ].join("\n");

  const { iso, dir } = localeInfo(locale);
  const link = accountUrl
    ? primaryButton(accountUrl, t(passwordLine ? "receipt.setPasswordButton" : "receipt.accountButton"))
    : "";
  const receiptLink = receiptUrl
    ? `<p style="margin:0 0 12px;font-size:15px;line-height:1.5">${escapeHtml(t("receipt.receiptLine"))}</p><p style="margin:0 0 24px"><a href="${escapeHtml(receiptUrl)}" style="display:inline-block;border:1px solid ${BRAND.colours.primary};color:${BRAND.colours.primary};text-decoration:none;font-weight:600;padding:9px 17px;border-radius:8px">${escapeHtml(t("receipt.receiptButton"))}</a></p>`
    : "";
  const html = mailDocument({ iso, dir, subject, footer: t("footer") }, [
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(intro)}</p>`,
    detailsTable(rows),
    receiptLink,
    `<p style="margin:0 0 12px;font-size:15px;line-height:1.5;font-weight:600">${escapeHtml(nextStep)}</p>`,
    link,
    `<p style="margin:0 0 24px;font-size:14px;color:#475569">${escapeHtml(t("receipt.keep"))}</p>`,
  ]);
  return { subject, text, html };
}
