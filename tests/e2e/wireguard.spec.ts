import { readFileSync } from "node:fs";
import { x25519 } from "@noble/curves/ed25519.js";
import { expect, type Page, test } from "@playwright/test";
import { sandboxPurchase, uniqueEmail } from "./account-helpers";
import { hydrated, text, watchProblems } from "./journey-helpers";

// Manual WireGuard setup (decision 044): a VIP customer generates a key in the browser, downloads
// its .conf (the private key is in the file, the server lists only the public key), then revokes it.
test.describe.configure({ timeout: 120_000 });

const PASSWORD = "Sturdy-Pass9!";
const t = (key: string, variables: Record<string, string> = {}) =>
  text("en", "myaccount", `vpnSetup.${key}`, variables);

const card = (page: Page) =>
  page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: t("title"), exact: true }) });

test("a VIP customer generates a WireGuard key in the browser, downloads the .conf and revokes the key", async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail("wireguard");
  await sandboxPurchase(request, { email, password: PASSWORD, plan: "1-year" });
  const problems = watchProblems(page, String(baseURL), "en");

  await page.goto("/login");
  await hydrated(page);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL("**/myaccount", { timeout: 30_000 });

  const setup = card(page);
  await expect(setup.getByText(t("none"))).toBeVisible({ timeout: 45_000 });
  await setup.getByLabel(t("name")).fill("Home router");
  await setup.getByLabel(t("location")).selectOption({ index: 1 });
  await setup.getByLabel(t("port")).selectOption("443");
  await setup.getByRole("button", { name: t("generate") }).click();

  // The key is listed by the server with its addresses; the configuration waits as a file and a QR code.
  const listed = setup.getByRole("listitem").filter({ hasText: "Home router" });
  await expect(listed).toBeVisible();
  await expect(setup.getByRole("img", { name: t("qrLabel") })).toBeVisible();
  // The code itself is drawn once its encoder has loaded: one path of dark modules.
  await expect(setup.getByRole("img", { name: t("qrLabel") }).locator("path")).toHaveAttribute("d", /^M\d/);
  const downloading = page.waitForEvent("download");
  await setup.getByRole("button", { name: t("download") }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^wg-[a-z]{2}-[a-z]{1,6}\.conf$/);
  const conf = readFileSync(String(await download.path()), "utf8");

  const privateKey = /^PrivateKey = (\S+)$/m.exec(conf)?.[1] ?? "";
  const publicKey = Buffer.from(x25519.getPublicKey(Buffer.from(privateKey, "base64"))).toString("base64");
  await expect(listed).toContainText(publicKey);
  await expect(listed).not.toContainText(privateKey);
  const ipv4 = /^Address = ([\d.]+)\/32/m.exec(conf)?.[1] ?? "missing";
  await expect(listed).toContainText(ipv4);
  expect(conf).toMatch(/^Endpoint = \S+:443$/m);
  expect(conf).toMatch(/^AllowedIPs = 0\.0\.0\.0\/0, ::\/0$/m);

  // The card with its key, QR code and long public key fits a phone's width.
  await page.setViewportSize({ width: 390, height: 900 });
  await setup.scrollIntoViewIfNeeded();
  await setup.screenshot({ path: "/tmp/wireguard-card-390.png" });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // Revoke: asked first, then gone from the list.
  await listed.getByRole("button", { name: t("revoke") }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: t("revoke") })
    .click();
  await expect(setup.getByRole("status")).toHaveText(t("revoked"));
  await expect(setup.getByText(t("none"))).toBeVisible();
  await expect(listed).toHaveCount(0);

  expect(problems).toEqual([]);
});
