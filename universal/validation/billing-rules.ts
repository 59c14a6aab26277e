import { z } from "zod";

/**
 * The buyer's billing details as printed on receipts. Messages are catalogue keys of the
 * `myaccount` namespace, so the form and the API's field errors read the same.
 */
export const BILLING_NAME_MAX = 100;
export const BILLING_ADDRESS_MAX = 300;
export const BILLING_ADDRESS_MAX_LINES = 6;

/** Letters of a country prefix, then 2-13 letters or digits (EU VAT numbers; GB, CH, NO alike). */
const VAT_ID_PATTERN = /^[A-Z]{2}[0-9A-Z]{2,13}$/;
// Control characters would break the receipt's layout (and are never part of a name); an address keeps its line breaks.
const hasControl = (value: string) => /\p{Cc}/u.test(value.replaceAll("\n", ""));

/** A VAT ID as printed: upper case, without the spaces, dots and dashes people type in it. */
export function normalizeVatId(input: string): string {
  return input.replace(/[\s.-]/g, "").toUpperCase();
}

/** An address as stored: lines trimmed, blank lines dropped. */
export function normalizeAddress(input: string): string {
  return input
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join("\n");
}

export const billingProfileSchema = z.object({
  name: z
    .string()
    .trim()
    .max(BILLING_NAME_MAX, "billingDetails.errors.nameLong")
    .refine((value) => !hasControl(value) && !value.includes("\n"), "billingDetails.errors.nameInvalid"),
  address: z
    .string()
    .transform(normalizeAddress)
    .pipe(
      z
        .string()
        .max(BILLING_ADDRESS_MAX, "billingDetails.errors.addressLong")
        .refine((value) => value.split("\n").length <= BILLING_ADDRESS_MAX_LINES, "billingDetails.errors.addressLines")
        .refine((value) => !hasControl(value), "billingDetails.errors.addressInvalid"),
    ),
  vat_id: z
    .string()
    .transform(normalizeVatId)
    .refine((value) => value === "" || VAT_ID_PATTERN.test(value), "billingDetails.errors.vatInvalid"),
});

export type BillingProfileInput = z.input<typeof billingProfileSchema>;
export type BillingProfile = z.output<typeof billingProfileSchema>;
