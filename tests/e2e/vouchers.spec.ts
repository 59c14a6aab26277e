import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./account-helpers";
import { asNewVisitor, text } from "./checkout-helpers";
import { hydrated, watchProblems } from "./journey-helpers";
import { E2E_OPERATOR_TOKEN } from "./operator";

// Prepaid vouchers (decision 046): the operator creates a batch; a German visitor without an account
// redeems a code on /de/redeem, gets an account in the same step, and the account shows VIP time;
// a second code is redeemed in the account page's own card.
test("an anonymous visitor redeems a voucher on /de/redeem and sees the time in the account", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const created = await request.post("/api/operator/v1/voucher_batches", {
    headers: { Authorization: `Bearer ${E2E_OPERATOR_TOKEN}` },
    data: { plan_id: "1-year", period_months: 1, count: 2, reseller: "E2E Kiosk" },
  });
  expect(created.status()).toBe(200);
  const [code, second] = ((await created.json()) as { data: { codes: string[] } }).data.codes;
  const t = (key: string) => text("de", "redeem", key);

  await asNewVisitor(page);
  const problems = watchProblems(page, String(baseURL), "de");
  await page.goto("/de/redeem");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("heading"));
  await expect(page).toHaveTitle(new RegExp(t("meta.title")));
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  // Typed in small letters with spaces: the page shows it in groups and the server takes it.
  await page.getByLabel(t("code_label")).fill(String(code).toLowerCase().replaceAll("-", " "));
  await page.locator('input[name="email"]').fill(uniqueEmail("voucher"));
  await page.getByRole("button", { name: t("submit") }).click();
  await expect(page.getByText(t("done"))).toBeVisible({ timeout: 30_000 });

  await page.getByRole("link", { name: t("to_account") }).click();
  await page.waitForURL("**/de/myaccount", { timeout: 30_000 });
  const subscription = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { level: 2, name: text("de", "myaccount", "subscription.title") }) });
  await expect(subscription).toContainText(text("de", "myaccount", "status.active"), { timeout: 30_000 });
  await expect(subscription.getByRole("link", { name: text("de", "myaccount", "subscription.redeem") })).toBeVisible();

  // A second code, redeemed in the account's own card: a wrong one is refused in German, the right one
  // adds its month (the account's VIP end moves on).
  const card = page.locator("section#redeem");
  const vipEnd = async () => (await subscription.textContent()) ?? "";
  const before = await vipEnd();
  await card.getByLabel(t("code_label")).fill("AAAA-BBBB-CCCC-DDDD-EEEE");
  await card.getByRole("button", { name: t("submit") }).click();
  await expect(card.getByRole("status")).toHaveText(text("de", "forms", "api.40210"), { timeout: 30_000 });
  await card.getByLabel(t("code_label")).fill(String(second));
  await card.getByRole("button", { name: t("submit") }).click();
  await expect(card.getByRole("status")).toHaveText(t("done"), { timeout: 30_000 });
  await expect(card.getByLabel(t("code_label"))).toHaveValue("");
  await expect.poll(vipEnd, { timeout: 30_000 }).not.toBe(before);
  // The wrong code's refusal, and nothing else.
  expect(problems).toEqual([
    expect.stringMatching(/^status 400: POST .*\/voucher\/redeem$/),
    expect.stringMatching(/^console: Failed to load resource: .* 400 .*\/voucher\/redeem\)$/),
  ]);
});
