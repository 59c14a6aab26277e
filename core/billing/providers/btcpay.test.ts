import { describe, expect, it } from "vitest";
import {
  type BtcpayInvoice,
  type BtcpayPaymentMethods,
  btcpaySignature,
  invoiceAmount,
  invoiceRequest,
  mapInvoice,
  minorUnits,
  prepaidPeriodEnd,
} from "./btcpay";

describe("amounts between minor units and Greenfield's decimals", () => {
  it.each<[string, string, number]>([
    ["47.88", "USD", 4788],
    ["47.8", "USD", 4780],
    ["47", "EUR", 4700],
    ["47.880", "GBP", 4788],
    ["5200", "JPY", 5200],
    ["12.345", "KWD", 12345],
    ["47.881", "USD", Number.NaN],
    ["-1.00", "USD", Number.NaN],
    ["1e3", "USD", Number.NaN],
  ])("%s %s is %d minor units", (decimal, currency, minor) => {
    expect(minorUnits(decimal, currency)).toBe(minor);
  });

  it.each<[number, string, string]>([
    [4788, "USD", "47.88"],
    [500, "AUD", "5.00"],
    [5200, "JPY", "5200"],
  ])("%d %s is sent as %s", (minor, currency, decimal) => {
    expect(invoiceAmount(minor, currency)).toBe(decimal);
    expect(minorUnits(invoiceAmount(minor, currency), currency)).toBe(minor);
  });
});

describe("a prepaid period's end", () => {
  it.each<[string, number, string]>([
    ["2026-01-15T10:00:00.000Z", 1, "2026-02-15T10:00:00.000Z"],
    ["2026-01-31T10:00:00.000Z", 1, "2026-02-28T10:00:00.000Z"],
    ["2028-01-31T10:00:00.000Z", 1, "2028-02-29T10:00:00.000Z"],
    ["2026-03-31T00:00:00.000Z", 6, "2026-09-30T00:00:00.000Z"],
    ["2026-11-29T02:00:00.000Z", 12, "2027-11-29T02:00:00.000Z"],
  ])("%s plus %d months is %s", (start, months, end) => {
    expect(prepaidPeriodEnd(new Date(start), months).toISOString()).toBe(end);
  });
});

describe("what an invoice means for its order", () => {
  const at = new Date("2026-11-29T02:00:00Z");
  const invoice = (change: Partial<BtcpayInvoice>): BtcpayInvoice => ({
    id: "Inv1",
    amount: "47.88",
    currency: "USD",
    checkoutLink: "https://pay.example.org/i/Inv1",
    status: "New",
    additionalStatus: "None",
    metadata: { orderId: "ord_1", planId: "1-year", months: 12 },
    ...change,
  });
  const paidLate = (status: string, due = "0.00000000"): BtcpayPaymentMethods => [
    { due, payments: [{ status, value: "0.0007" }] },
    { due: "0.01", payments: [] },
  ];

  it.each<[string, Partial<BtcpayInvoice>, BtcpayPaymentMethods | null, string | null]>([
    ["new: waits", { status: "New" }, null, null],
    ["processing (paid, unconfirmed): waits", { status: "Processing" }, null, null],
    ["settled: paid", { status: "Settled" }, null, "payment_succeeded"],
    [
      "settled after being paid late: paid",
      { status: "Settled", additionalStatus: "PaidLate" },
      null,
      "payment_succeeded",
    ],
    ["expired unpaid: abandoned", { status: "Expired" }, null, "abandoned"],
    ["expired, partly paid: abandoned", { status: "Expired", additionalStatus: "PaidPartial" }, null, "abandoned"],
    [
      "paid late, confirmed",
      { status: "Expired", additionalStatus: "PaidLate" },
      paidLate("Settled"),
      "payment_succeeded",
    ],
    [
      "paid late, unconfirmed: waits",
      { status: "Expired", additionalStatus: "PaidLate" },
      paidLate("Processing"),
      null,
    ],
    [
      "paid late but not in full: waits",
      { status: "Expired", additionalStatus: "PaidLate" },
      paidLate("Settled", "0.0001"),
      null,
    ],
    ["invalid: declined", { status: "Invalid" }, null, "declined"],
    ["without our order: nothing", { status: "Settled", metadata: {} }, null, null],
    ["settled without a length: nothing", { status: "Settled", metadata: { orderId: "ord_1" } }, null, null],
  ])("%s", (_name, change, methods, type) => {
    expect(mapInvoice(invoice(change), methods, at, "live")?.event.type ?? null).toBe(type);
  });

  it("grants the plan's months from the payment, in the invoice's currency, once per invoice", () => {
    const event = mapInvoice(invoice({ status: "Settled" }), null, at, "test");
    expect(event).toMatchObject({
      eventId: "invoice_paid_Inv1",
      orderId: "ord_1",
      subscriptionRef: "Inv1",
      environment: "test",
      prepaid: true,
      charge: { amountMinor: 4788, currency: "USD", planId: "1-year" },
      event: { type: "payment_succeeded", at, periodEnd: new Date("2027-11-29T02:00:00Z") },
    });
    // Read back later (the buyer's return), the same payment is the same event.
    expect(mapInvoice(invoice({ status: "Settled" }), null, new Date(), "test")?.eventId).toBe(event?.eventId);
  });
});

describe("the invoice a purchase creates", () => {
  it("is priced in the plan's currency, names our order and plan, and leaves the methods to the store", () => {
    const body = invoiceRequest({
      orderId: "ord_1",
      planId: "1-year",
      months: 12,
      amountMinor: 3830,
      discount: { code: "WELCOME20", amountOffMinor: 958 },
      currency: "EUR",
      email: "buyer@example.com",
      returnUrl: "https://vpn.example/de/pay/status?order_id=ord_1",
      cancelUrl: "https://vpn.example/de/pricing",
      planName: "VPN subscription, 12 months",
    });
    expect(body).toEqual({
      amount: "38.30",
      currency: "EUR",
      metadata: {
        orderId: "ord_1",
        planId: "1-year",
        months: 12,
        itemDesc: "VPN subscription, 12 months",
        couponCode: "WELCOME20",
      },
      checkout: { redirectURL: "https://vpn.example/de/pay/status?order_id=ord_1", redirectAutomatically: true },
    });
    // The buyer's e-mail address stays with us: BTCPay needs none to take a payment.
    expect(JSON.stringify(body)).not.toContain("buyer@example.com");
  });
});

describe("BTCPay-Sig", () => {
  it("is sha256= and the hex HMAC-SHA256 of the raw body, byte for byte", () => {
    // Computed apart (Python's hmac) for this body and secret.
    expect(btcpaySignature('{"type":"InvoiceSettled"}', "secret")).toBe(
      "sha256=53be2d84690b266d6509adde79de730685f29c761734a2a5c5602219157cd143",
    );
    expect(btcpaySignature('{"type":"InvoiceSettled"} ', "secret")).not.toBe(
      btcpaySignature('{"type":"InvoiceSettled"}', "secret"),
    );
  });
});
