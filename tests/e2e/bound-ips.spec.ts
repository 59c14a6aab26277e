import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { sandboxPurchase, uniqueEmail } from "./account-helpers";
import { hydrated, watchProblems } from "./journey-helpers";

// Decision 045 in the browser: the login page sends its captcha call to login's r2 alias, and a
// subscriber binds IP addresses up to the plan's limit (the demo's 2-years plan: 3), removes one
// by its own button, and reads why a fourth is refused.
const PASSWORD = "Sturdy-Pass9!";
const texts = JSON.parse(readFileSync("locales/en/myaccount.json", "utf8"));
const forms = JSON.parse(readFileSync("locales/en/forms.json", "utf8"));
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

async function bind(card: ReturnType<Page["locator"]>, ip: string) {
  await card.getByLabel(texts.ip.label).fill(ip);
  await card.getByRole("button", { name: texts.ip.bind, exact: true }).click();
  await expect(card).toHaveAttribute("aria-busy", "false");
}

test("a subscriber binds IP addresses up to the plan's limit and removes one", async ({ page, request, baseURL }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("bound-ips");
  await sandboxPurchase(request, { email, password: PASSWORD, plan: "2-years", provider: "s1" });
  const problems = watchProblems(page, baseURL ?? "", "en");
  const captchaCalls: string[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "POST" && sent.url().includes("/web/login")) captchaCalls.push(new URL(sent.url()).pathname);
  });

  await page.goto("/login");
  await hydrated(page);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL("**/myaccount", { timeout: 30_000 });
  expect(captchaCalls).toEqual(["/ws/mm/reca/r2/account/v1/web/login"]);

  const card = page.locator("section").filter({ has: page.getByRole("heading", { name: texts.ip.title }) });
  await expect(card).toContainText(fill(texts.ip.usage, { count: 0, limit: 3 }));
  for (const ip of ["8.8.8.8", "1.1.1.1", "9.9.9.9"]) await bind(card, ip);
  const list = card.getByRole("list", { name: texts.ip.listLabel });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await expect(card).toContainText(fill(texts.ip.usage, { count: 3, limit: 3 }));

  // A fourth is refused, and the card says why.
  await bind(card, "208.67.222.222");
  await expect(card.getByRole("status")).toHaveText(forms.api["40200"]);

  await card.getByRole("button", { name: fill(texts.ip.removeOne, { ip: "1.1.1.1" }) }).click();
  await expect(card.getByRole("status")).toHaveText(texts.ip.removeDone);
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list).not.toContainText("1.1.1.1");

  // The one refusal is the answer the card explained (its status, and Chromium's line about it).
  expect(problems.sort()).toEqual([
    expect.stringMatching(/^console: Failed to load resource: .* 409 \(Conflict\) \(.*\/user_ip\/bind\)$/),
    expect.stringMatching(/^status 409: POST .*\/user_ip\/bind$/),
  ]);
});
