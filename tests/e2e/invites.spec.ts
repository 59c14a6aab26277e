import { expect, type Page, test } from "@playwright/test";
import { sandboxPurchase, uniqueEmail } from "./account-helpers";
import { asNewVisitor, payWith, text } from "./checkout-helpers";
import { clickNav, hydrated, SCREENS, watchProblems } from "./journey-helpers";

// Invite a friend (decision 047): customer A copies the invite link from the account; visitor B
// arrives by clicking it, accepts the cookies (the invite is remembered with the attribution),
// sees the friend's offer on pricing and checkout and buys through the sandbox; the sandbox's test
// clock moves past the refund window, the invite job grants both rewards, and both accounts show
// the time added; B's refund then takes A's reward back.
const PASSWORD = "Sturdy-Pass9!";
const DESKTOP = SCREENS[1];
const t = (key: string) => text("en", "myaccount", key);
const inviteCard = (page: Page) =>
  page
    .locator("section")
    .filter({ has: page.getByRole("heading", { level: 2, name: t("invite.title"), exact: true }) });

test("A's invite link brings B, who buys; after the refund window both see their free month", async ({
  browser,
  request,
  baseURL,
}) => {
  // About 40 s on a quiet machine; the margin is for a machine busy with other work (captchas cost CPU).
  test.setTimeout(90_000);
  const aEmail = uniqueEmail("inviter");
  await sandboxPurchase(request, { email: aEmail, password: PASSWORD, plan: "1-month" });

  // A signs in and copies the link from the account's invite card.
  const aContext = await browser.newContext();
  await aContext.grantPermissions(["clipboard-read", "clipboard-write"], { origin: String(baseURL) });
  const a = await aContext.newPage();
  const aProblems = watchProblems(a, String(baseURL), "en");
  await asNewVisitor(a);
  await a.goto("/login");
  await hydrated(a);
  await a.locator('input[name="email"]').fill(aEmail);
  await a.locator('input[name="password"]').fill(PASSWORD);
  await a.locator('form button[type="submit"]').click();
  await a.waitForURL("**/myaccount", { timeout: 30_000 });
  const card = inviteCard(a);
  const field = card.getByRole("textbox", { name: t("invite.linkLabel") });
  await expect(field).toHaveValue(/\/i\/[0-9A-Z]{10}$/, { timeout: 30_000 });
  await expect(card.getByRole("img", { name: t("invite.qr") })).toBeVisible();
  // The code itself is drawn once its encoder has loaded: one path of dark modules.
  await expect(card.getByRole("img", { name: t("invite.qr") }).locator("path")).toHaveAttribute("d", /^M\d/);
  await card.getByRole("button", { name: t("invite.copy"), exact: true }).click();
  await expect(card.getByRole("status")).toHaveText(t("invite.copied"));
  const link = await a.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(await field.inputValue());

  // B, who has not answered the cookie banner yet, clicks the link (in a message, say) and accepts
  // the cookies: the invite is remembered with the attribution, which needs that consent.
  const bContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const b = await bContext.newPage();
  const bProblems = watchProblems(b, String(baseURL), "en");
  await asNewVisitor(b);
  await b.setContent(`<a href="${link}">Try my VPN</a>`);
  await b.getByRole("link", { name: "Try my VPN" }).click();
  await b.waitForURL(/\/\?from=invite&invite_code=[0-9A-Z]{10}&invite_type=friend$/);
  await b.getByRole("button", { name: text("en", "common", "consent.accept") }).click();
  // The friend's offer, on pricing and then in the checkout.
  await clickNav(b, DESKTOP, "en", "pricing");
  await b.waitForURL("**/pricing");
  const offer = text("en", "pricing", "inviteOffer").replace("{{reward}}", "1 month");
  await expect(b.getByText(offer)).toBeVisible({ timeout: 15_000 });
  await b.locator('a[href*="/pricing/checkout/1-month"]').first().click();
  await hydrated(b);
  await expect(b.getByText(offer)).toBeVisible({ timeout: 15_000 });
  await expect(b.locator('input[name="plan"]:checked')).toHaveValue("1-month", { timeout: 45_000 });
  await b.locator('input[name="email"]').fill(uniqueEmail("friend"));
  await b.locator('input[name="provider"]').first().check();
  await b.getByRole("button", { name: text("en", "pricing", "checkout.pay") }).click();
  await b.waitForURL(/\/sandbox\/checkout\/ord_/, { timeout: 30_000 });
  const orderId = String(/ord_[0-9a-f]+/.exec(b.url())?.[0]);
  await payWith(b, "4242 4242 4242 4242");
  await b.waitForURL("**/paysuc**", { timeout: 30_000 });

  // B's account shows the reward pending; the test clock moves 31 days on.
  await b.goto("/myaccount");
  const bCard = inviteCard(b);
  await expect(bCard.locator('[data-invite-reward="pending"]')).toBeVisible({ timeout: 20_000 });
  const moved = await request.post(`/sandbox/orders/${orderId}/advance-invite-clock?days=31`);
  expect(await moved.json()).toEqual({ rewards: 2 });

  // Both see the time added, with the date it was added.
  const granted = (page: Page) => inviteCard(page).locator('[data-invite-reward="granted"]');
  await expect(async () => {
    await b.reload();
    await expect(granted(b)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(granted(b)).toContainText("1 month");
  await a.reload();
  await expect(granted(a)).toContainText("1 month", { timeout: 15_000 });
  await expect(inviteCard(a).locator("[data-invite-purchased]")).toHaveText("1");

  // B takes the money back from the account page: the job (woken by the test clock) takes A's
  // reward back, and A's account says so.
  const refund = (key: string) => text("en", "myaccount", key);
  const refundCard = b
    .locator("section")
    .filter({ has: b.getByRole("heading", { level: 2, name: refund("refund.title"), exact: true }) });
  await refundCard.getByRole("button", { name: refund("refund.button") }).click();
  await b
    .getByRole("dialog")
    .getByRole("button", { name: refund("refund.confirmButton") })
    .click();
  await expect(refundCard.getByRole("status")).not.toBeEmpty({ timeout: 30_000 });
  expect((await request.post(`/sandbox/orders/${orderId}/advance-invite-clock?days=1`)).status()).toBe(200);
  await expect(async () => {
    await a.reload();
    await expect(inviteCard(a).locator('[data-invite-reward="revoked"]')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(granted(a)).toHaveCount(0);
  expect(aProblems).toEqual([]);
  expect(bProblems).toEqual([]);
  await aContext.close();
  await bContext.close();
});
