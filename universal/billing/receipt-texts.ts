import { formatDate, formatPrice } from "../i18n/format";
import type { Locale } from "../i18n/locales";
import { planName } from "../i18n/plan-name";
import type { ReceiptView } from "./payment-record";
import { processorName } from "./processor-kinds";

export interface ReceiptTexts {
  title: string;
  seller: { label: string; lines: string[] };
  buyer: { label: string; lines: string[] };
  /** Label, value, and whether the value is an id or amount to keep left to right. */
  rows: Array<[string, string, boolean]>;
  footer: string;
}

/** Looks a key of the `email` namespace up (the page's translator, or the server's catalogue). */
export type EmailTranslator = (key: string, vars?: Record<string, string>) => string;

/**
 * A receipt's words in the buyer's language, one wording for the page (app/routes/account/receipt.tsx)
 * and the PDF (core/billing/receipt-pdf.ts): the e-mail's `receipt.*` texts, so mail, page and PDF
 * name things alike. Dates in UTC, as the PDF has no reader's time zone.
 */
export function receiptTexts(view: ReceiptView, locale: Locale, t: EmailTranslator): ReceiptTexts {
  const { payment, issuer, buyer } = view;
  const amount = `${formatPrice(payment.amount_minor, payment.currency, locale)} ${payment.currency}`;
  const status = payment.refund
    ? t("receipt.statusRefunded", {
        date: formatDate(new Date(payment.refund.at), locale),
        amount: `${formatPrice(payment.refund.amount_minor, payment.currency, locale)} ${payment.currency}`,
      })
    : t("receipt.statusPaid");
  const rows: Array<[string, string, boolean]> = [
    [t("receipt.order"), payment.order_id, true],
    [t("receipt.paidOn"), formatDate(new Date(payment.paid_at), locale), false],
    [t("receipt.plan"), payment.plan_months ? planName(payment.plan_months, locale) : payment.plan_id, false],
    [t("receipt.paidWith"), processorName(payment.processor), true],
    [t("receipt.amount"), amount, true],
    [t("receipt.status"), status, false],
  ];
  const addressLines = (text: string) => text.split("\n").filter(Boolean);
  return {
    title: t("receipt.documentTitle"),
    seller: {
      label: t("receipt.seller"),
      lines: [issuer.legalEntity, ...addressLines(issuer.legalAddress), issuer.supportEmail],
    },
    buyer: {
      label: t("receipt.buyer"),
      lines: [
        buyer.name,
        ...addressLines(buyer.address),
        ...(buyer.vat_id ? [`${t("receipt.vatId")}: ${buyer.vat_id}`] : []),
        buyer.email,
      ].filter(Boolean),
    },
    rows,
    footer: t("receipt.documentKeep"),
  };
}
