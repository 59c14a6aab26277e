import { formatDate, formatPrice } from "../../universal/i18n/format";
import { type Locale, localeInfo, localizePath } from "../../universal/i18n/locales";
import { planName } from "../../universal/i18n/plan-name";
import { paymentMethodPath } from "../../universal/routing/payment-method-path";
import { escapeHtml } from "../../universal/text/escape-html";
import type { NoticeKind } from "../billing/notice-due";
import { type DetailRow, detailsTable, emailTexts, type MailContent, mailDocument, primaryButton } from "./templates";

export interface NoticeDetails {
  kind: NoticeKind;
  locale: Locale;
  subscriptionId: number;
  months: number;
  /** What the next payment charges (the order's price, after a coupon), in minor units. */
  amountMinor: number;
  currency: string;
  /** The end of the paid period: the renewal date, the last day, or when the renewal failed. */
  periodEnd: Date;
  /** The site the customer bought on ("https://vpn.example"). */
  siteOrigin: string;
  /** Paid in advance for a set period (crypto, decision 050): its expiry says nothing renews it. */
  prepaid?: boolean;
}

/** Where each notice's one click goes (in the customer's language). */
export function noticeLink(kind: NoticeKind, subscriptionId: number, locale: Locale): string {
  switch (kind) {
    case "renewal":
      // The account's renewal switch: the subscription card.
      return `${localizePath("/myaccount", locale)}#subscription`;
    case "expiry":
      return localizePath("/pricing", locale);
    case "payment_failed":
      return localizePath(paymentMethodPath(subscriptionId), locale);
  }
}

const KEYS = {
  renewal: { prefix: "notice.renewal", dateLabel: "receipt.renewsOn", amountLabel: "notice.nextAmount" },
  expiry: { prefix: "notice.expiry", dateLabel: "notice.endsOn", amountLabel: null },
  payment_failed: { prefix: "notice.failed", dateLabel: "notice.dueOn", amountLabel: "notice.nextAmount" },
} as const;

/**
 * A notice about a subscription, in the customer's language: the renewal ahead (amount and date,
 * how to turn it off), the plan ending (how to renew), or the renewal that failed (how to update
 * the payment method). Text and HTML, branded, no remote images, one button.
 */
export function subscriptionNoticeMail(details: NoticeDetails): MailContent {
  const { locale, kind } = details;
  const t = emailTexts(locale);
  const keys = KEYS[kind];
  const plan = planName(details.months, locale);
  const date = formatDate(details.periodEnd, locale);
  const amount = `${formatPrice(details.amountMinor, details.currency, locale)} ${details.currency}`;
  const { iso, dir } = localeInfo(locale);
  // Inside right-to-left sentences the amount keeps its own order (a left-to-right isolate, in text and HTML alike).
  const inline = dir === "rtl" ? `\u2066${amount}\u2069` : amount;
  const rows: DetailRow[] = [
    [t("receipt.plan"), plan, false],
    [t(keys.dateLabel), date, false],
    ...(keys.amountLabel ? [[t(keys.amountLabel), amount, true] satisfies DetailRow] : []),
  ];
  const url = `${details.siteOrigin}${noticeLink(kind, details.subscriptionId, locale)}`;
  const subject = t(`${keys.prefix}.subject`, { plan, date });
  const intro = kind === "expiry" && details.prepaid ? `${keys.prefix}.introPrepaid` : `${keys.prefix}.intro`;
  const paragraphs = [t(intro, { plan, date, amount: inline }), t(`${keys.prefix}.action`, { date })];
  const button = t(`${keys.prefix}.button`);
  const text = [
    ...paragraphs.flatMap((line) => [line, ""]),
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    `${button}: ${url}`,
    "",
    "--",
    t("footer"),
  ].join("\n");
  const html = mailDocument({ iso, dir, subject, footer: t("footer") }, [
    ...paragraphs.map((line) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(line)}</p>`),
    detailsTable(rows),
    primaryButton(url, button),
  ]);
  return { subject, text, html };
}
