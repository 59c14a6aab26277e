import { expect, test } from "@playwright/test";

test("the home page renders, runs its page island and breaks no CSP rule", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const thirdParty: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(test.info().project.use.baseURL ?? "")) thirdParty.push(request.url());
  });

  // A document (decision 031): no React, only its island modules, which a CSP breach would block.
  const island = page.waitForResponse((answer) => /\/assets\/islands\/page-[\w-]+\.js$/.test(answer.url()));
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  // Rendered per request (its prices are the visitor's): its scripts carry this response's nonce,
  // and no shared cache keeps it.
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'nonce-[\w+/=]+' 'strict-dynamic'/);
  expect(response?.headers()["cache-control"]).toBe("private, no-cache");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");

  expect((await island).status()).toBe(200);
  // Module scripts, and the imports they start with, have run once the load event has fired.
  await page.waitForLoadState("load");
  expect(problems).toEqual([]);
  expect(thirdParty.filter((url) => !url.startsWith("data:"))).toEqual([]);
});

test("an unknown path shows the not-found page with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("/no-such-page");
});
