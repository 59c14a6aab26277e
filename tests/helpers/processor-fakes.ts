import { createHmac } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll } from "vitest";
import { paddleProcessor } from "../../core/billing/providers/paddle";
import { paypalProcessor } from "../../core/billing/providers/paypal";
import { createProcessors } from "../../core/billing/providers/processors";
import { stripeProcessor } from "../../core/billing/providers/stripe";
import { type PaddleFake, startPaddleFake } from "../fakes/paddle-api";
import { type PayPalFake, startPayPalFake } from "../fakes/paypal-api";
import { type StripeFake, startStripeFake } from "../fakes/stripe-api";

// One setup for the tests that run Stripe's and Paddle's official SDKs against the local fakes of
// their APIs in a live process (PAYMENT_MODE=live).

export const STRIPE_SECRET_KEY = "sk_live_fake";
export const STRIPE_WEBHOOK_SECRET = "whsec_live_fake_secret";
export const PADDLE_API_KEY = "pdl_live_apikey_fake";
export const PADDLE_WEBHOOK_SECRET = "pdl_ntfset_fake_secret";
export const PAYPAL_CLIENT_ID = "AYfakeLiveClientId";
export const PAYPAL_CLIENT_SECRET = "EFfakeLiveClientSecret";

/** The environment of a live process with both processors configured. */
export const LIVE_ENV = {
  PAYMENT_MODE: "live",
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  PADDLE_API_KEY,
  PADDLE_WEBHOOK_SECRET,
  PAYPAL_CLIENT_ID,
  PAYPAL_CLIENT_SECRET,
  PAYPAL_WEBHOOK_ID: "WH-ID-SET-BY-THE-FAKE",
};

const stripeSigner = new Stripe(STRIPE_SECRET_KEY);

/** A webhook delivery of the event as Stripe sends it, signed with the live webhook secret. */
export function stripeSigned(event: object) {
  const payload = JSON.stringify(event);
  return {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "stripe-signature": stripeSigner.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }),
    },
    body: payload,
  };
}

/** Paddle-Signature as Paddle computes it: HMAC-SHA256 of `ts:body`; the SDK verifies it. */
export function paddleSigned(event: object) {
  const body = JSON.stringify(event);
  const ts = Math.floor(Date.now() / 1000);
  const h1 = createHmac("sha256", PADDLE_WEBHOOK_SECRET).update(`${ts}:${body}`).digest("hex");
  return {
    method: "POST",
    headers: { "content-type": "application/json", "paddle-signature": `ts=${ts};h1=${h1}` },
    body,
  };
}

export interface ProcessorFakes {
  /** The Stripe fake, started before the file's tests and closed after them. */
  readonly stripe: StripeFake;
  /** The Paddle fake, started before the file's tests and closed after them. */
  readonly paddle: PaddleFake;
  /** The PayPal fake (its webhook id is the one the live PayPal processor verifies with). */
  readonly paypal: PayPalFake;
  /** Live processors whose SDKs talk to the two fakes, with the keys and secrets of LIVE_ENV. */
  livePayments(): ReturnType<typeof createProcessors>;
}

/**
 * Starts the Stripe fake (live mode) and the Paddle fake in beforeAll and closes them in afterAll of
 * the suite it is called in. Read the fakes through the returned object inside hooks and tests.
 */
export function setUpProcessorFakes(): ProcessorFakes {
  let stripe: StripeFake | undefined;
  let paddle: PaddleFake | undefined;
  let paypal: PayPalFake | undefined;
  beforeAll(async () => {
    stripe = await startStripeFake({ livemode: true });
    paddle = await startPaddleFake();
    paypal = await startPayPalFake({ clientId: PAYPAL_CLIENT_ID, clientSecret: PAYPAL_CLIENT_SECRET });
  });
  afterAll(async () => {
    await stripe?.close();
    await paddle?.close();
    await paypal?.close();
  });
  const started = <T>(fake: T | undefined, name: string): T => {
    if (!fake) throw new Error(`the ${name} fake runs only between beforeAll and afterAll`);
    return fake;
  };
  return {
    get stripe() {
      return started(stripe, "Stripe");
    },
    get paddle() {
      return started(paddle, "Paddle");
    },
    get paypal() {
      return started(paypal, "PayPal");
    },
    livePayments() {
      return createProcessors({
        mode: "live",
        processors: {
          stripe: stripeProcessor({
            secretKey: STRIPE_SECRET_KEY,
            webhookSecret: STRIPE_WEBHOOK_SECRET,
            environment: "live",
            client: started(stripe, "Stripe").client(),
          }),
          paddle: paddleProcessor({
            apiKey: PADDLE_API_KEY,
            webhookSecret: PADDLE_WEBHOOK_SECRET,
            environment: "live",
            apiBaseUrl: started(paddle, "Paddle").url,
          }),
          paypal: paypalProcessor({
            clientId: PAYPAL_CLIENT_ID,
            clientSecret: PAYPAL_CLIENT_SECRET,
            webhookId: started(paypal, "PayPal").webhookId,
            environment: "live",
            httpsAgent: started(paypal, "PayPal").agent(),
          }),
        },
      });
    },
  };
}
