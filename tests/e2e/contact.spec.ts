import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./account-helpers";
import { mailsTo } from "./mail-catcher";

test.describe.configure({ timeout: 90_000 });

test("contact us: errors in the visitor's language, then a reference, and the report reaches support", async ({
  page,
}) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === "POST" && !pathname.startsWith("/api/")) posts.push(pathname);
  });
  await page.goto("/de/contact-us");
  // The contact-form island checks the fields in the page and sends without a page load.
  await expect(page.locator("form[data-enhanced]")).toBeAttached();
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.getByRole("button", { name: "Nachricht senden" }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  const errors = await page.getByRole("alert").allTextContents();
  expect(errors.join(" ")).not.toMatch(/fields\.|Enter your/);
  expect(errors).toContain("Geben Sie Ihren Namen ein.");
  // Checked in the page: nothing was posted, and the first field to fix has the focus.
  expect(posts).toEqual([]);
  await expect(page.getByLabel("Ihr Name")).toBeFocused();

  const email = uniqueEmail("contact");
  await page.getByLabel("Ihr Name").fill("Grace Hopper");
  await page.getByLabel("E-Mail-Adresse").fill(email);
  await page.getByLabel("Thema").selectOption("technical");
  await page.getByLabel("Ihre Nachricht").fill("The app disconnects every ten minutes on my home network.");
  await page.getByRole("button", { name: "Nachricht senden" }).click();
  const reference = page.getByTestId("reference");
  await expect(reference).toHaveText(/^VP-[0-9A-Z]{8}$/, { timeout: 60_000 });
  const code = await reference.textContent();
  expect(await page.evaluate(() => "samePage" in window)).toBe(true);
  expect(posts).toEqual(["/de/contact-us"]);

  await expect
    .poll(() => mailsTo(String(process.env.E2E_MAIL_DIR), "support@veilport.test").map((mail) => mail.subject), {
      timeout: 30_000,
    })
    .toContain(`[${code}] technical: Grace Hopper`);
  const mail = mailsTo(String(process.env.E2E_MAIL_DIR), "support@veilport.test").find((m) =>
    m.subject.startsWith(`[${code}]`),
  );
  expect(mail?.text).toContain(email);
  expect(mail?.text).toContain("disconnects every ten minutes");
});

test("legal pages show the full text with its dates and contents", async ({ page }) => {
  await page.goto("/privacy-policy");
  await expect(page.getByText(/^Effective \d{4}-\d{2}-\d{2} · Last updated \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  const contents = page.getByRole("navigation", { name: "Contents" });
  expect(await contents.getByRole("link").count()).toBeGreaterThan(5);
  await expect(page.locator("main")).not.toContainText("{{");
  await expect(page.locator("main")).toContainText("support@veilport.test");
});

test("the redirect page forwards only to allowed places", async ({ page }) => {
  const refused = await page.goto("/redirect?url=https%3A%2F%2Fevil.example%2F");
  expect(refused?.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText(/We do not forward to this address/);
  await page.goto("/redirect?url=%2Fpricing");
  await expect(page.getByRole("status")).toHaveText(/another page of this site/);
  await page.waitForURL(/\/pricing$/, { timeout: 10_000 });
});
