import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paddleProcessor } from "../../core/billing/providers/paddle";
import type { PurchaseRequest } from "../../core/billing/providers/payment-provider";
import { stripeProcessor } from "../../core/billing/providers/stripe";
import { type PaddleFake, startPaddleFake } from "../fakes/paddle-api";
import { type StripeFake, startStripeFake } from "../fakes/stripe-api";

// The failed-renewal mail's page: each processor's own place to update the card, asked through
// its official SDK against a local fake of its API.
const RETURN = "https://vpn.example/de/myaccount";
const purchase: PurchaseRequest = {
  orderId: "ord_card",
  planId: "1-year",
  months: 12,
  amountMinor: 4788,
  currency: "USD",
  email: "card@example.com",
  returnUrl: "https://vpn.example/paystatus",
  cancelUrl: "https://vpn.example/pricing",
  planName: "1 year",
};

let stripeApi: StripeFake;
let paddleApi: PaddleFake;
beforeAll(async () => {
  stripeApi = await startStripeFake({ livemode: true });
  paddleApi = await startPaddleFake();
});
afterAll(async () => {
  await stripeApi.close();
  await paddleApi.close();
});

describe("the payment-method page of each processor", () => {
  const stripe = () =>
    stripeProcessor({
      secretKey: "sk_live_fake",
      webhookSecret: "whsec_x",
      environment: "live",
      client: stripeApi.client(),
    });
  const paddle = () =>
    paddleProcessor({
      apiKey: "pdl_live_apikey_fake",
      webhookSecret: "x",
      environment: "live",
      apiBaseUrl: paddleApi.url,
    });

  it("Stripe: a customer portal session for the subscription's customer, returning to the account", async () => {
    const { reference } = await stripe().createPurchase(purchase);
    const { subscription } = stripeApi.pay(reference);
    const url = await stripe().paymentMethodUrl({ subscriptionRef: String(subscription.id), returnUrl: RETURN });
    expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/live_bps_/);
    const asked = stripeApi.requests.find((request) => request.path === "/v1/billing_portal/sessions");
    expect(asked?.form.get("customer")).toBe(subscription.customer);
    expect(asked?.form.get("return_url")).toBe(RETURN);
  });

  it("Stripe: an unknown subscription is an error, not a page", async () => {
    await expect(stripe().paymentMethodUrl({ subscriptionRef: "sub_missing", returnUrl: RETURN })).rejects.toThrow();
  });

  it("Paddle: the subscription's update-payment-method link, else its payment-method-change checkout", async () => {
    const { reference } = await paddle().createPurchase(purchase);
    const { subscription } = paddleApi.pay(reference);
    const ref = String(subscription.id);
    expect(await paddle().paymentMethodUrl({ subscriptionRef: ref, returnUrl: RETURN })).toBe(
      `https://buyer-portal.paddle.com/subscriptions/${ref}/update-payment-method`,
    );

    paddleApi.managementUrls = false;
    try {
      expect(await paddle().paymentMethodUrl({ subscriptionRef: ref, returnUrl: RETURN })).toMatch(
        /^https:\/\/pay\.paddle\.example\/checkout\?_ptxn=txn_/,
      );
      expect(paddleApi.requests.at(-1)?.path).toBe(`/subscriptions/${ref}/update-payment-method-transaction`);
    } finally {
      paddleApi.managementUrls = true;
    }
  });

  it("Paddle: refused when Paddle is out of reach", async () => {
    paddleApi.failNext(500);
    await expect(paddle().paymentMethodUrl({ subscriptionRef: "sub_x", returnUrl: RETURN })).rejects.toThrow();
  });
});
