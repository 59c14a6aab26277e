import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import type { Locale } from "../../universal/i18n/locales";
import { freePort } from "../helpers/free-port";
import { type SpawnedServer, spawnServer } from "../helpers/spawn-server";
import { createAccount, uniqueEmail } from "./account-helpers";
import { text } from "./journey-helpers";

// Passkeys belong to PUBLIC_ORIGIN's host name, and WebAuthn takes no IP address: this spec runs
// its own server at http://localhost:<port> (the suite's server has no PUBLIC_ORIGIN).
test.describe.configure({ mode: "serial" });

const PASSWORD = "Sturdy-Pass9!";
// A sign-in first solves the proof-of-work captcha, slow on a busy machine.
const SIGN_IN_WAIT = { timeout: 90_000 };
let server: SpawnedServer;
let origin = "";
let dataDir = "";
let api: APIRequestContext;

test.beforeAll(async () => {
  // The server's first start migrates and warms up: slow when the machine is shared.
  test.setTimeout(300_000);
  const port = await freePort();
  origin = `http://localhost:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), "veilport-twofa-"));
  server = spawnServer([path.resolve("build/server.js")], {
    NODE_ENV: "test",
    PUBLIC_ORIGIN: origin,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    STUN_PORT: "0",
    TRUST_PROXY: "loopback",
    PAYMENT_MODE: "off",
    SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
    MAIL_FROM: "Veilport <no-reply@veilport.test>",
  });
  await server.waitForLog((line) => line.msg === "listening");
  api = await playwrightRequest.newContext({ baseURL: origin });
});
test.afterAll(async () => {
  await api?.dispose();
  server?.child.kill("SIGTERM");
  await server?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

const at = (locale: Locale, pathname: string) => `${origin}${locale === "en" ? "" : `/${locale}`}${pathname}`;
const t = (locale: Locale, key: string, values: Record<string, string> = {}) => text(locale, "twofactor", key, values);

/** The code an authenticator app shows for this key, `ahead` seconds from now. */
function authenticatorCode(key: string, ahead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, "")), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + ahead * 1000 });
}

async function expectAxeClean(page: Page, include: string) {
  const results = await new AxeBuilder({ page })
    .include(include)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function passwordSignIn(page: Page, locale: Locale, email: string) {
  await page.goto(at(locale, "/login"));
  await page.getByLabel(text(locale, "forms", "email.label")).fill(email);
  await page.getByLabel(text(locale, "forms", "password.label"), { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: text(locale, "login", "submit"), exact: true }).click();
}

async function logOut(page: Page, locale: Locale) {
  await page.getByRole("button", { name: text(locale, "myaccount", "logout"), exact: true }).click();
  await expect(page).toHaveURL(/\/login/, SIGN_IN_WAIT);
}

test("an authenticator app: enrol from the shown key, then sign in with its code and with a recovery code", async ({
  page,
}) => {
  test.setTimeout(420_000);
  const email = uniqueEmail("totp");
  await createAccount(api, email, PASSWORD);
  await passwordSignIn(page, "en", email);
  await expect(page).toHaveURL(/\/myaccount$/, SIGN_IN_WAIT);

  const card = page.locator("section", { has: page.getByRole("heading", { name: t("en", "title") }) });
  await card.getByRole("button", { name: t("en", "totp.start") }).click();
  await expect(card.getByRole("img", { name: t("en", "totp.qrLabel") })).toBeVisible();
  // The code itself is drawn once its encoder has loaded: one path of dark modules.
  await expect(card.getByRole("img", { name: t("en", "totp.qrLabel") }).locator("path")).toHaveAttribute("d", /^M\d/);
  const key = (await card.locator("[data-totp-key]").textContent()) ?? "";
  expect(key).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  await expectAxeClean(page, "main");
  await card.getByLabel(t("en", "totp.codeLabel")).fill(authenticatorCode(key));
  await card.getByRole("button", { name: t("en", "totp.enable") }).click();
  const codes = card.locator("[data-recovery-codes] li");
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.nth(0).textContent()) ?? "";
  await expect(card.getByRole("status")).toHaveText(t("en", "totp.done"));
  await expectAxeClean(page, "main");
  await card.getByRole("button", { name: t("en", "codes.saved") }).click();
  await expect(card.getByText(t("en", "totp.on"))).toBeVisible();
  await logOut(page, "en");

  // The password is right: the second step asks for the app's code before any session starts.
  await passwordSignIn(page, "en", email);
  const step = page.locator("[data-second-factor]");
  await expect(step.getByRole("heading", { name: t("en", "step.title") })).toBeVisible(SIGN_IN_WAIT);
  await expectAxeClean(page, "main");
  await step.getByLabel(t("en", "step.codeLabel")).fill("000000");
  await page.getByRole("button", { name: text("en", "forms", "submit") }).click();
  await expect(page.getByText(text("en", "forms", "api.40161"))).toBeVisible();
  // The enrolment's code was its step's one use; the app's next code signs in.
  await step.getByLabel(t("en", "step.codeLabel")).fill(authenticatorCode(key, 30));
  await page.getByRole("button", { name: text("en", "forms", "submit") }).click();
  await expect(page).toHaveURL(/\/myaccount$/, SIGN_IN_WAIT);
  await logOut(page, "en");

  await passwordSignIn(page, "en", email);
  await expect(step.getByRole("button", { name: t("en", "step.useRecovery") })).toBeVisible(SIGN_IN_WAIT);
  await step.getByRole("button", { name: t("en", "step.useRecovery") }).click();
  await step.getByLabel(t("en", "step.recoveryLabel")).fill(recoveryCode);
  await page.getByRole("button", { name: text("en", "forms", "submit") }).click();
  await expect(page).toHaveURL(/\/myaccount$/, SIGN_IN_WAIT);
  await expect(page.getByText(t("en", "codes.left_other", { count: "9" }))).toBeVisible();
});

test("a passkey in Arabic: add it on a virtual authenticator, sign in with it alone and as the second step", async ({
  page,
}) => {
  test.setTimeout(420_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const email = uniqueEmail("passkey");
  await createAccount(api, email, PASSWORD);
  await passwordSignIn(page, "ar", email);
  await expect(page).toHaveURL(/\/ar\/myaccount$/, SIGN_IN_WAIT);

  const card = page.locator("section", { has: page.getByRole("heading", { name: t("ar", "title") }) });
  await card.getByRole("button", { name: t("ar", "passkeys.add") }).click();
  await expect(card.locator("[data-recovery-codes] li")).toHaveCount(10);
  await expect(card.getByRole("status")).toHaveText(t("ar", "passkeys.addedNotice"));
  await expect(card.locator("[data-recovery-codes] ol")).toHaveAttribute("dir", "ltr");
  await expectAxeClean(page, "main");
  await card.getByRole("button", { name: t("ar", "codes.saved") }).click();
  // Named after the browser and system it was added on (decision 042), and renamed in place.
  const item = card.getByRole("listitem").filter({ hasText: /Chrome · / });
  await expect(item).toBeVisible();
  await item.getByRole("button", { name: new RegExp(t("ar", "passkeys.rename")) }).click();
  await card.getByLabel(t("ar", "passkeys.nameLabel")).fill("مفتاح العمل");
  await card.getByRole("button", { name: t("ar", "passkeys.saveName") }).click();
  await expect(card.getByRole("status")).toHaveText(t("ar", "passkeys.renamed"));
  await expect(card.getByRole("listitem").filter({ hasText: "مفتاح العمل" })).toBeVisible();
  await expectAxeClean(page, "main");
  await logOut(page, "ar");

  // Alone: no e-mail, no password.
  await page.getByRole("button", { name: t("ar", "passkeySignIn") }).click();
  await expect(page).toHaveURL(/\/ar\/myaccount$/, SIGN_IN_WAIT);
  await logOut(page, "ar");

  // After the password, the account's passkey finishes the sign-in.
  await passwordSignIn(page, "ar", email);
  const step = page.locator("[data-second-factor]");
  await expect(step.getByRole("heading", { name: t("ar", "step.title") })).toBeVisible(SIGN_IN_WAIT);
  await expectAxeClean(page, "main");
  await step.getByRole("button", { name: t("ar", "step.usePasskey") }).click();
  await expect(page).toHaveURL(/\/ar\/myaccount$/, SIGN_IN_WAIT);
});
