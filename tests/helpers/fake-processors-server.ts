import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { paypalProcessor } from "../../core/billing/providers/paypal";
import { createProcessors } from "../../core/billing/providers/processors";
import { razorpayProcessor } from "../../core/billing/providers/razorpay";
import { loadConfig } from "../../server/config";
import { createLogger } from "../../server/logger";
import { handleShutdownSignals } from "../../server/shutdown-signals";
import { startServer } from "../../server/start-server";
import { payPalFakeAgent } from "../fakes/paypal-api";

/**
 * The production server (the built pages, the app from source) whose PayPal and Razorpay SDKs talk
 * to local fakes started by the test that spawns it (`node --import tsx` this file). Neither SDK
 * can be aimed at another host by a setting (decisions 049, 052), so this entry builds them as the
 * integration tests do: PayPal through an HTTPS agent whose sockets reach E2E_PAYPAL_FAKE_PORT,
 * Razorpay with its axios base URL at E2E_RAZORPAY_FAKE_URL. Everything else is loadConfig's, from
 * the environment (PAYMENT_MODE=live, the PAYPAL_ and RAZORPAY_ keys, PAYMENT_PROVIDERS).
 */
const config = loadConfig();
const logger = createLogger(config);
const paypalPort = Number(process.env.E2E_PAYPAL_FAKE_PORT);
const razorpayUrl = process.env.E2E_RAZORPAY_FAKE_URL;
if (!paypalPort || !razorpayUrl || config.PAYMENT_MODE !== "live") {
  throw new Error("set E2E_PAYPAL_FAKE_PORT, E2E_RAZORPAY_FAKE_URL and PAYMENT_MODE=live");
}
const payments = createProcessors({
  mode: "live",
  processors: {
    paypal: paypalProcessor({
      clientId: String(config.PAYPAL_CLIENT_ID),
      clientSecret: String(config.PAYPAL_CLIENT_SECRET),
      webhookId: String(config.PAYPAL_WEBHOOK_ID),
      environment: "live",
      httpsAgent: payPalFakeAgent(paypalPort),
    }),
    razorpay: razorpayProcessor({
      keyId: String(config.RAZORPAY_KEY_ID),
      keySecret: String(config.RAZORPAY_KEY_SECRET),
      webhookSecret: String(config.RAZORPAY_WEBHOOK_SECRET),
      environment: "live",
      apiBaseUrl: razorpayUrl,
    }),
  },
  providers: config.PAYMENT_PROVIDERS,
  currencies: config.PAYMENT_PROVIDER_CURRENCIES,
  countries: config.PAYMENT_PROVIDER_COUNTRIES,
});
const buildDir = path.resolve("build");
const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
const server = await startServer({
  config,
  logger,
  pageHandler: createRequestHandler(build, "production"),
  clientDir: path.join(buildDir, "client"),
  payments,
});
handleShutdownSignals(server, logger);
