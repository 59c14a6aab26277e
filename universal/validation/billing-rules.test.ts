import { describe, expect, it } from "vitest";
import { checkBillingDetails, normalizeAddress, normalizeVatId } from "./billing-checks";
import { billingProfileSchema } from "./billing-rules";

const firstError = (input: { name?: string; address?: string; vat_id?: string }) => {
  const result = billingProfileSchema.safeParse({ name: "", address: "", vat_id: "", ...input });
  return result.success ? null : result.error.issues[0]?.message;
};
/** The browser's check (no zod) of the same input. */
const browserError = (input: { name?: string; address?: string; vat_id?: string }) =>
  Object.values(checkBillingDetails({ name: "", address: "", vat_id: "", ...input }).errors)[0] ?? null;

describe("billing details rules", () => {
  it.each([
    [{ name: "Ada Lovelace" }, null],
    [{ name: "محمد العلي" }, null],
    [{ name: "山田 太郎" }, null],
    [{ name: "x".repeat(101) }, "billingDetails.errors.nameLong"],
    [{ name: "Ada\nLovelace" }, "billingDetails.errors.nameInvalid"],
    [{ name: "Ada\u0007" }, "billingDetails.errors.nameInvalid"],
    [{ address: "1 Main St\n10115 Berlin\nGermany" }, null],
    [{ address: "a\nb\nc\nd\ne\nf\ng" }, "billingDetails.errors.addressLines"],
    [{ address: "x".repeat(301) }, "billingDetails.errors.addressLong"],
    [{ vat_id: "de 123.456.789" }, null],
    [{ vat_id: "GB123456789" }, null],
    [{ vat_id: "123456789" }, "billingDetails.errors.vatInvalid"],
    [{ vat_id: "DE1" }, "billingDetails.errors.vatInvalid"],
    [{ vat_id: "DE12345678901234" }, "billingDetails.errors.vatInvalid"],
    [{ address: "1 Main St\u0007" }, "billingDetails.errors.addressInvalid"],
  ])("%j -> %s", (input, expected) => {
    expect(firstError(input)).toBe(expected);
    expect(browserError(input)).toBe(expected);
  });

  it("stores what it checks, tidied", () => {
    expect(normalizeVatId(" fr-12 345 678 901 ")).toBe("FR12345678901");
    expect(normalizeAddress("  1 Main St \r\n\n 10115 Berlin ")).toBe("1 Main St\n10115 Berlin");
    expect(billingProfileSchema.parse({ name: " Ada ", address: "", vat_id: "de123456789" })).toEqual({
      name: "Ada",
      address: "",
      vat_id: "DE123456789",
    });
    expect(checkBillingDetails({ name: " Ada ", address: " a \n\n b ", vat_id: "de 123456789" })).toEqual({
      value: { name: "Ada", address: "a\nb", vat_id: "DE123456789" },
      errors: {},
    });
  });
});
