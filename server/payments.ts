import { createProcessors, type ProcessorSet } from "../core/billing/providers/processors";
import type { SandboxProcessor } from "../core/billing/providers/sandbox";
import type { Config } from "./config";

/**
 * The processors of PAYMENT_MODE with the keys of its slots (live or test), offering the codes of
 * PAYMENT_PROVIDERS in its order, narrowed by PAYMENT_PROVIDER_CURRENCIES and _COUNTRIES. The sandbox is passed
 * in only in sandbox mode, which loadConfig refuses in production: a production process never
 * builds it, so none of its pages, webhooks or deliveries exist there.
 */
export function paymentsFromConfig(config: Config, sandbox?: SandboxProcessor): ProcessorSet {
  const live = config.PAYMENT_MODE === "live";
  const stripeKey = live ? config.STRIPE_SECRET_KEY : config.STRIPE_TEST_SECRET_KEY;
  const stripeSecret = live ? config.STRIPE_WEBHOOK_SECRET : config.STRIPE_TEST_WEBHOOK_SECRET;
  const paddleKey = live ? config.PADDLE_API_KEY : config.PADDLE_SANDBOX_API_KEY;
  const paddleSecret = live ? config.PADDLE_WEBHOOK_SECRET : config.PADDLE_SANDBOX_WEBHOOK_SECRET;
  const paypal = live
    ? {
        clientId: config.PAYPAL_CLIENT_ID,
        clientSecret: config.PAYPAL_CLIENT_SECRET,
        webhookId: config.PAYPAL_WEBHOOK_ID,
      }
    : {
        clientId: config.PAYPAL_SANDBOX_CLIENT_ID,
        clientSecret: config.PAYPAL_SANDBOX_CLIENT_SECRET,
        webhookId: config.PAYPAL_SANDBOX_WEBHOOK_ID,
      };
  const razorpay = live
    ? {
        keyId: config.RAZORPAY_KEY_ID,
        keySecret: config.RAZORPAY_KEY_SECRET,
        webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
      }
    : {
        keyId: config.RAZORPAY_TEST_KEY_ID,
        keySecret: config.RAZORPAY_TEST_KEY_SECRET,
        webhookSecret: config.RAZORPAY_TEST_WEBHOOK_SECRET,
      };
  if (config.NODE_ENV === "production" && config.PAYMENT_MODE === "sandbox") {
    throw new Error("the sandbox processor does not exist in production");
  }
  return createProcessors({
    mode: config.PAYMENT_MODE,
    keys: {
      stripe: stripeKey && stripeSecret ? { secretKey: stripeKey, webhookSecret: stripeSecret } : undefined,
      paddle: paddleKey && paddleSecret ? { apiKey: paddleKey, webhookSecret: paddleSecret } : undefined,
      paypal:
        paypal.clientId && paypal.clientSecret && paypal.webhookId
          ? { clientId: paypal.clientId, clientSecret: paypal.clientSecret, webhookId: paypal.webhookId }
          : undefined,
      razorpay:
        razorpay.keyId && razorpay.keySecret && razorpay.webhookSecret
          ? { keyId: razorpay.keyId, keySecret: razorpay.keySecret, webhookSecret: razorpay.webhookSecret }
          : undefined,
      // One store for either mode (a testnet store for test): BTCPay has no separate test keys.
      btcpay:
        config.BTCPAY_URL && config.BTCPAY_API_KEY && config.BTCPAY_STORE_ID && config.BTCPAY_WEBHOOK_SECRET
          ? {
              url: config.BTCPAY_URL,
              apiKey: config.BTCPAY_API_KEY,
              storeId: config.BTCPAY_STORE_ID,
              webhookSecret: config.BTCPAY_WEBHOOK_SECRET,
            }
          : undefined,
    },
    sandbox: config.PAYMENT_MODE === "sandbox" ? sandbox : undefined,
    providers: config.PAYMENT_PROVIDERS,
    currencies: config.PAYMENT_PROVIDER_CURRENCIES,
    countries: config.PAYMENT_PROVIDER_COUNTRIES,
    methods: config.BTCPAY_PAYMENT_METHODS ? { btcpay: config.BTCPAY_PAYMENT_METHODS } : undefined,
  });
}
