import { z } from "zod";
import { billingAddressIssue, billingNameIssue, normalizeAddress, normalizeVatId, vatIdIssue } from "./billing-checks";

/**
 * The billing details as the API's zod schema, built from the zod-free checks the account app
 * runs in the browser (billing-checks.ts), so both sides refuse the same input with the same key.
 */
const checked = (issue: (value: string) => string | undefined) => (value: string, context: z.RefinementCtx) => {
  const message = issue(value);
  if (message) context.addIssue({ code: "custom", message });
};

export const billingProfileSchema = z.object({
  name: z.string().trim().superRefine(checked(billingNameIssue)),
  address: z.string().transform(normalizeAddress).superRefine(checked(billingAddressIssue)),
  vat_id: z.string().transform(normalizeVatId).superRefine(checked(vatIdIssue)),
});

export type BillingProfileInput = z.input<typeof billingProfileSchema>;
export type BillingProfile = z.output<typeof billingProfileSchema>;
