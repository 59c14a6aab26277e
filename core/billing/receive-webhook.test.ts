import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { webhookEvents } from "../../db/schema";
import { testDatabaseTargets } from "../../tests/helpers/test-databases";
import { createPasswordlessAccount } from "../auth/accounts";
import { seedDemoData } from "../demo/seed";
import { findOrder } from "./orders";
import { createProcessors } from "./providers/processors";
import { sandboxProcessor } from "./providers/sandbox";
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from "./providers/sandbox-signature";
import { receiveWebhook } from "./receive-webhook";
import { startPurchase } from "./start-purchase";

const SECRET = "test-secret";

describe.each(testDatabaseTargets())("receiveWebhook on $name", (target) => {
  let database: DatabaseHandle;
  let payments: ReturnType<typeof createProcessors>;
  let orderId: string;
  beforeAll(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    payments = createProcessors({
      mode: "sandbox",
      sandbox: sandboxProcessor(database.db, { secret: SECRET, origin: "" }),
    });
    const buyer = (await createPasswordlessAccount(database.db, "buyer@example.com", "en"))!.id;
    const started = await startPurchase(
      { db: database.db, payments, siteOrigin: "" },
      {
        userId: buyer,
        providerCode: "s1",
        planId: "1-month",
        currency: "USD",
        clientInfo: {},
        appType: 501,
        country: "DE",
        attribution: null,
      },
    );
    if (started.outcome !== "started") throw new Error(`not started: ${started.outcome}`);
    orderId = started.orderId;
  });
  afterAll(async () => database.close());

  const created = Math.floor(Date.now() / 1000);
  const rawBody = () =>
    JSON.stringify({
      id: "evt_paid",
      type: "payment_succeeded",
      order_id: orderId,
      subscription: `sub_${orderId}`,
      created,
      period_end: created + 30 * 86_400,
      amount: 1299,
      currency: "USD",
      plan_id: "1-month",
    });
  const receive = (
    body: string,
    signature: string,
    path: { processor: string; pathEnvironment: string | undefined } = {
      processor: "sandbox",
      pathEnvironment: undefined,
    },
  ) =>
    receiveWebhook(
      { db: database.db, payments },
      { ...path, rawBody: body, headers: new Headers({ [SANDBOX_SIGNATURE_HEADER]: signature }) },
    );
  const stored = async () => (await database.db.select().from(webhookEvents)).length;

  it("knows only this payment mode's own webhook paths", async () => {
    const body = rawBody();
    const signature = signSandboxPayload(SECRET, body, created);
    expect(await receive(body, signature, { processor: "stripe", pathEnvironment: "production" })).toEqual({
      outcome: "unknown_processor",
    });
    expect(await receive(body, signature, { processor: "sandbox", pathEnvironment: "sandbox" })).toEqual({
      outcome: "unknown_processor",
    });
  });

  it("refuses a signature that does not cover these exact bytes, and stores nothing", async () => {
    const body = rawBody();
    // The same event, re-serialised with a space: what a JSON parser in front of the check would send.
    const reserialised = body.replace('"type":', '"type": ');
    expect(await receive(reserialised, signSandboxPayload(SECRET, body, created))).toEqual({
      outcome: "bad_signature",
    });
    expect(await receive(body, signSandboxPayload("another-secret", body, created))).toEqual({
      outcome: "bad_signature",
    });
    expect(await stored()).toBe(0);
    expect((await findOrder(database.db, orderId))?.status).toBe("pending");
  });

  it("stores and applies a signed event once, and says so for a repeat", async () => {
    const body = rawBody();
    const signature = signSandboxPayload(SECRET, body, created);
    expect(await receive(body, signature)).toEqual({
      outcome: "received",
      eventId: "evt_paid",
      duplicate: false,
      receiptQueued: true,
      refundNoticeQueued: false,
      rejected: null,
    });
    expect((await findOrder(database.db, orderId))?.status).toBe("active");
    expect(await receive(body, signature)).toMatchObject({
      outcome: "received",
      duplicate: true,
      receiptQueued: false,
    });
    expect(await stored()).toBe(1);
  });
});
