import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumPath } from "./tests/e2e/chromium-path";
import { CONSENT_ANSWERED, E2E_OPERATOR_TOKEN } from "./tests/e2e/operator";
import { freePort } from "./tests/helpers/free-port";

// The e2e suite starts its own production server on a free port with a fresh embedded database.
// Workers load this file again: the values chosen by the main process travel in the environment.
process.env.E2E_PORT ||= String(await freePort());
process.env.E2E_DATA_DIR ||= mkdtempSync(path.join(tmpdir(), "veilport-e2e-"));
process.env.E2E_SMTP_PORT ||= String(await freePort());
process.env.E2E_STUN_PORT ||= String(await freePort());
process.env.E2E_DNS_PORT ||= String(await freePort());
process.env.E2E_MAIL_DIR ||= mkdtempSync(path.join(tmpdir(), "veilport-e2e-mail-"));
const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  workers: 2,
  // One retry: on a shared 2-core machine a Chromium renderer can crash ("Target crashed") under load.
  // A test that fails twice fails the run; one that passes on retry is listed as flaky in the report.
  retries: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Visitors have answered the cookie banner (necessary cookies only) unless a test says otherwise.
    storageState: { cookies: [CONSENT_ANSWERED], origins: [] },
    trace: "retain-on-failure",
    // A click or a load that hangs (a renderer stalled under load) fails in half a minute, not at the
    // test's timeout: the retry then costs seconds, not minutes.
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    launchOptions: {
      executablePath: chromiumPath(),
      // Without these Chromium keeps dialling Google services this machine cannot reach.
      args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node build/server.js",
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      // Not the checkout's .env: the suite's server is set up here alone.
      ENV_FILE: "/dev/null",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // The journeys buy through the sandbox, which exists outside production only (decision 024);
      // tests/e2e/production-mode.spec.ts starts a production server of its own.
      NODE_ENV: "test",
      PAYMENT_MODE: "sandbox",
      LOG_LEVEL: "warn",
      // The WebRTC leak test gathers candidates against the app's own STUN server.
      STUN_PORT: process.env.E2E_STUN_PORT,
      // The DNS leak test's zone and DNS server (tests/e2e/connection-check.spec.ts asks it as a resolver would).
      DNS_LEAK_ZONE: "leak.test",
      DNS_LEAK_PORT: process.env.E2E_DNS_PORT,
      DNS_LEAK_ADDRESS: "127.0.0.1",
      // Tests play a proxy in front of the app with X-Forwarded-For (visitors from other countries).
      TRUST_PROXY: "loopback",
      // Plays the IPv6-only host name: it answers over IPv4 here, so the page reports no IPv6.
      IPV6_CHECK_ORIGIN: `http://localhost:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      MAIL_FROM: "Veilport <no-reply@veilport.test>",
      SUPPORT_EMAIL: "support@veilport.test",
      OPERATOR_TOKEN: E2E_OPERATOR_TOKEN,
      // rz takes every currency but the euro (decision 048): a German visitor sees it refused, never failing.
      PAYMENT_PROVIDER_CURRENCIES: "rz=USD/AUD/CAD/GBP",
    },
  },
});
