import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { testDatabaseTargets } from "../../tests/helpers/test-databases";
import { createPasswordlessAccount } from "../auth/accounts";
import { seedDemoData } from "../demo/seed";
import type { PaymentProcessor } from "./providers/payment-provider";
import { createProcessors } from "./providers/processors";
import { SANDBOX_CARDS, type SandboxProcessor, sandboxProcessor } from "./providers/sandbox";
import { readPurchaseResult } from "./purchase-result";
import { startPurchase } from "./start-purchase";

describe.each(testDatabaseTargets())("readPurchaseResult on $name", (target) => {
  let database: DatabaseHandle;
  let sandbox: SandboxProcessor;
  let buyer: number;
  let other: number;
  beforeAll(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    sandbox = sandboxProcessor(database.db, { secret: "test-secret", origin: "" });
    buyer = (await createPasswordlessAccount(database.db, "buyer@example.com", "en"))!.id;
    other = (await createPasswordlessAccount(database.db, "other@example.com", "en"))!.id;
  });
  afterAll(async () => database.close());

  const payments = () => createProcessors({ mode: "sandbox", sandbox });
  const order = async (providerCode = "pd") => {
    const result = await startPurchase(
      { db: database.db, payments: payments(), siteOrigin: "" },
      {
        userId: buyer,
        providerCode,
        planId: "1-year",
        currency: "USD",
        clientInfo: {},
        appType: 501,
        country: "DE",
        attribution: null,
      },
    );
    if (result.outcome !== "started") throw new Error(`not started: ${result.outcome}`);
    return result.orderId;
  };
  const read = (orderId: string, extra: { userId?: number; providerCode?: string; processors?: object } = {}) => {
    const logger = { warn: vi.fn() };
    const onMailQueued = vi.fn();
    const result = readPurchaseResult(
      { db: database.db, payments: { ...payments(), ...extra.processors }, logger, onMailQueued },
      { orderId, userId: extra.userId ?? buyer, providerCode: extra.providerCode ?? "pd" },
    );
    return { result, logger, onMailQueued };
  };

  it("tells a pending order's plan and amount, with no renewal yet", async () => {
    const orderId = await order();
    expect(await read(orderId).result).toEqual({
      order_id: orderId,
      web_url: `/sandbox/checkout/${orderId}`,
      redirect_url: `/sandbox/checkout/${orderId}`,
      status: "pending",
      success: false,
      plan_id: "1-year",
      months: 12,
      currency: "USD",
      amount_minor: 4788,
      renews_at: null,
      auto_renew: null,
    });
  });

  it("shows no order to another buyer, through another provider code, or by an unknown id", async () => {
    const orderId = await order();
    expect(await read(orderId, { userId: other }).result).toBeNull();
    expect(await read(orderId, { providerCode: "s1" }).result).toBeNull();
    expect(await read("ord_unknown").result).toBeNull();
  });

  it("applies the processor's payment when the buyer is back before the webhook, once", async () => {
    const orderId = await order();
    const charge = { orderId, months: 12, amountMinor: 4788, currency: "USD", planId: "1-year" };
    expect(await sandbox.pay(charge, SANDBOX_CARDS.succeeds)).toBe("succeeded");
    const first = read(orderId);
    const result = await first.result;
    // pd's own mapping (decision 045): a paid order's checkout page is spent, nowhere to redirect.
    expect(result).toMatchObject({ status: "active", success: true, auto_renew: true, redirect_url: "" });
    expect(result?.web_url).toBe(`/sandbox/checkout/${orderId}`);
    expect(new Date(result?.renews_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    expect(first.onMailQueued).toHaveBeenCalledTimes(1);
    expect(first.logger.warn).not.toHaveBeenCalled();
    // Active now: nothing is read back again, no second receipt.
    const second = read(orderId);
    expect(await second.result).toMatchObject({ status: "active", renews_at: result?.renews_at });
    expect(second.onMailQueued).not.toHaveBeenCalled();
  });

  it("answers s1 by SPEC §4: paid is active and success, web_url copied to redirect_url", async () => {
    const orderId = await order("s1");
    const charge = { orderId, months: 12, amountMinor: 4788, currency: "USD", planId: "1-year" };
    expect(await sandbox.pay(charge, SANDBOX_CARDS.succeeds)).toBe("succeeded");
    expect(await read(orderId, { providerCode: "s1" }).result).toMatchObject({
      status: "active",
      success: true,
      web_url: `/sandbox/checkout/${orderId}`,
      redirect_url: `/sandbox/checkout/${orderId}`,
    });
  });

  it("keeps the order pending and logs when the processor cannot be read", async () => {
    const orderId = await order();
    const unreachable: PaymentProcessor = {
      ...sandbox,
      lookupEvents: async () => {
        throw new Error("timeout");
      },
    };
    const { result, logger } = read(orderId, { processors: { byName: () => unreachable } });
    expect(await result).toMatchObject({ status: "pending", success: false });
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ orderId }),
      "payment provider could not be read back",
    );
  });
});
