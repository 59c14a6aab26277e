import { describe, expect, it } from "vitest";
import { paddleProcessor } from "../../core/billing/providers/paddle";
import type { PurchaseRequest } from "../../core/billing/providers/payment-provider";
import { stripeProcessor } from "../../core/billing/providers/stripe";
import {
  PADDLE_API_KEY,
  PADDLE_WEBHOOK_SECRET,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  setUpProcessorFakes,
} from "../helpers/processor-fakes";

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

const fakes = setUpProcessorFakes();

describe("the payment-method page of each processor", () => {
  const stripe = () =>
    stripeProcessor({
      secretKey: STRIPE_SECRET_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      environment: "live",
      client: fakes.stripe.client(),
    });
  const paddle = () =>
    paddleProcessor({
      apiKey: PADDLE_API_KEY,
      webhookSecret: PADDLE_WEBHOOK_SECRET,
      environment: "live",
      apiBaseUrl: fakes.paddle.url,
    });

  it("Stripe: a customer portal session for the subscription's customer, returning to the account", async () => {
    const { reference } = await stripe().createPurchase(purchase);
    const { subscription } = fakes.stripe.pay(reference);
    const url = await stripe().paymentMethodUrl({ subscriptionRef: String(subscription.id), returnUrl: RETURN });
    expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/live_bps_/);
    const asked = fakes.stripe.requests.find((request) => request.path === "/v1/billing_portal/sessions");
    expect(asked?.form.get("customer")).toBe(subscription.customer);
    expect(asked?.form.get("return_url")).toBe(RETURN);
  });

  it("Stripe: an unknown subscription is an error, not a page", async () => {
    await expect(stripe().paymentMethodUrl({ subscriptionRef: "sub_missing", returnUrl: RETURN })).rejects.toThrow();
  });

  it("Paddle: the subscription's update-payment-method link, else its payment-method-change checkout", async () => {
    const { reference } = await paddle().createPurchase(purchase);
    const { subscription } = fakes.paddle.pay(reference);
    const ref = String(subscription.id);
    expect(await paddle().paymentMethodUrl({ subscriptionRef: ref, returnUrl: RETURN })).toBe(
      `https://buyer-portal.paddle.com/subscriptions/${ref}/update-payment-method`,
    );

    fakes.paddle.managementUrls = false;
    try {
      expect(await paddle().paymentMethodUrl({ subscriptionRef: ref, returnUrl: RETURN })).toMatch(
        /^https:\/\/pay\.paddle\.example\/checkout\?_ptxn=txn_/,
      );
      expect(fakes.paddle.requests.at(-1)?.path).toBe(`/subscriptions/${ref}/update-payment-method-transaction`);
    } finally {
      fakes.paddle.managementUrls = true;
    }
  });

  it("Paddle: refused when Paddle is out of reach", async () => {
    fakes.paddle.failNext(500);
    await expect(paddle().paymentMethodUrl({ subscriptionRef: "sub_x", returnUrl: RETURN })).rejects.toThrow();
  });
});
