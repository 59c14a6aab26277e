/** Where a payment's receipt lives, without the language prefix (page, e-mail link and PDF alike). */
export const receiptPath = (orderId: string): string => `/myaccount/receipts/${encodeURIComponent(orderId)}`;

/** The receipt's PDF, beside its page. */
export const receiptPdfPath = (orderId: string): string => `${receiptPath(orderId)}/pdf`;
