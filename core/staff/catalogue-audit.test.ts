import { describe, expect, it } from "vitest";
import type { CataloguePlan } from "../billing/manage-catalogue";
import { catalogueAuditEntry } from "./catalogue-audit";

const plan = (extra: Partial<CataloguePlan> = {}): CataloguePlan => ({
  id: "1-year",
  months: 12,
  device_limit: 8,
  ip_limit: 2,
  visible: true,
  is_default: false,
  sort_order: 2,
  prices: [{ currency: "USD", list_amount: 15588, sale_amount: 4788, trial_amount: null, saving_percent: 69 }],
  price_ids: { s1: "price_old" },
  ...extra,
});

describe("the audit row of a catalogue change: only the part that changed", () => {
  it.each([
    [
      "a new plan: its terms, nothing before",
      { kind: "plan" } as const,
      null,
      plan({ prices: [], price_ids: {} }),
      {
        action: "catalogue.plan",
        before: null,
        after: { months: 12, device_limit: 8, ip_limit: 2, visible: true, is_default: false, sort_order: 2 },
      },
    ],
    [
      "a hidden plan: the terms before and after, no prices",
      { kind: "plan" } as const,
      plan(),
      plan({ visible: false }),
      {
        action: "catalogue.plan",
        before: expect.objectContaining({ visible: true }),
        after: expect.not.objectContaining({ prices: expect.anything() }),
      },
    ],
    [
      "a repriced currency: that currency's price only",
      { kind: "price", currency: "USD" } as const,
      plan(),
      plan({
        prices: [{ currency: "USD", list_amount: 15588, sale_amount: 5988, trial_amount: 100, saving_percent: 61 }],
      }),
      {
        action: "catalogue.price",
        before: { currency: "USD", list_amount: 15588, sale_amount: 4788, trial_amount: null },
        after: { currency: "USD", list_amount: 15588, sale_amount: 5988, trial_amount: 100 },
      },
    ],
    [
      "a first price in a currency: null before",
      { kind: "price", currency: "EUR" } as const,
      plan(),
      plan({
        prices: [{ currency: "EUR", list_amount: 100, sale_amount: 90, trial_amount: null, saving_percent: 10 }],
      }),
      { action: "catalogue.price", before: null, after: expect.objectContaining({ currency: "EUR" }) },
    ],
    [
      "a removed price id: the old id, then null",
      { kind: "provider_id", provider: "s1" } as const,
      plan(),
      plan({ price_ids: {} }),
      {
        action: "catalogue.provider_id",
        before: { provider: "s1", price_id: "price_old" },
        after: { provider: "s1", price_id: null },
      },
    ],
  ])("%s", (_name, subject, before, after, expected) => {
    expect(catalogueAuditEntry(subject, { action: "x", planId: "1-year", before, after })).toEqual({
      target: "plan:1-year",
      ...expected,
    });
  });
});
