/**
 * The buyer's billing details as printed on receipts, as plain functions: the account app checks
 * the form without shipping zod to the browser (decision 060). billing-rules.ts builds the
 * server's schema from these same functions. Each answers the broken rule's catalogue key of the
 * `myaccount` namespace, so the form and the API's field errors read the same.
 */
export const BILLING_NAME_MAX = 100;
export const BILLING_ADDRESS_MAX = 300;
export const BILLING_ADDRESS_MAX_LINES = 6;

/** Letters of a country prefix, then 2-13 letters or digits (EU VAT numbers; GB, CH, NO alike). */
const VAT_ID_PATTERN = /^[A-Z]{2}[0-9A-Z]{2,13}$/;
// Control characters would break the receipt's layout (and are never part of a name); an address keeps its line breaks.
const hasControl = (value: string) => /\p{Cc}/u.test(value.replaceAll("\n", ""));

export interface BillingFields {
  name: string;
  address: string;
  vat_id: string;
}

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

/** `name` already trimmed. */
export function billingNameIssue(name: string): string | undefined {
  if (name.length > BILLING_NAME_MAX) return "billingDetails.errors.nameLong";
  if (hasControl(name) || name.includes("\n")) return "billingDetails.errors.nameInvalid";
  return undefined;
}

/** `address` already normalized (normalizeAddress). */
export function billingAddressIssue(address: string): string | undefined {
  if (address.length > BILLING_ADDRESS_MAX) return "billingDetails.errors.addressLong";
  if (address.split("\n").length > BILLING_ADDRESS_MAX_LINES) return "billingDetails.errors.addressLines";
  if (hasControl(address)) return "billingDetails.errors.addressInvalid";
  return undefined;
}

/** `vatId` already normalized (normalizeVatId); empty means none. */
export function vatIdIssue(vatId: string): string | undefined {
  return vatId === "" || VAT_ID_PATTERN.test(vatId) ? undefined : "billingDetails.errors.vatInvalid";
}

/** The details as they would be stored, and each field's first broken rule (empty when all pass). */
export function checkBillingDetails(input: BillingFields): { value: BillingFields; errors: Partial<BillingFields> } {
  const value = {
    name: input.name.trim(),
    address: normalizeAddress(input.address),
    vat_id: normalizeVatId(input.vat_id),
  };
  const errors: Partial<BillingFields> = {};
  const name = billingNameIssue(value.name);
  const address = billingAddressIssue(value.address);
  const vat = vatIdIssue(value.vat_id);
  if (name) errors.name = name;
  if (address) errors.address = address;
  if (vat) errors.vat_id = vat;
  return { value, errors };
}
