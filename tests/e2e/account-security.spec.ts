import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { ACCOUNT_API, createAccount, mailedCode, uniqueEmail } from "./account-helpers";
import { asNewVisitor, text } from "./checkout-helpers";
import { hydrated } from "./journey-helpers";
import { mailsTo } from "./mail-catcher";

const PASSWORD = "Sturdy-Pass9!";

// Each sign-in solves the proof-of-work captcha and runs argon2: these flows take seconds.
test.describe.configure({ timeout: 300_000 });

/** A fresh browser (its own cookies) signed in through the login page. */
async function signedIn(browser: Browser, prefix: string, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await asNewVisitor(page);
  await page.goto(`${prefix}/login`);
  await hydrated(page);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`**${prefix}/myaccount`, { timeout: 45_000 });
  await hydrated(page);
  return page;
}

const card = (page: Page, locale: string, key: string) =>
  page.locator("section").filter({ has: page.getByRole("heading", { name: text(locale, "myaccount", key) }) });

test("two browsers signed in: one ends the other from the list, and the other is signed out", async ({
  browser,
  request,
}) => {
  const email = uniqueEmail("sessions");
  await createAccount(request, email, PASSWORD);
  const first = await signedIn(browser, "", email);
  const second = await signedIn(browser, "", email);

  await first.reload();
  await hydrated(first);
  const sessions = card(first, "en", "sessions.title");
  // The app session of createAccount, this browser (marked), the second browser (newest, last).
  const rows = sessions.getByTestId("session-list").locator("li");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(text("en", "myaccount", "sessions.current"));
  await expect(rows.nth(0)).toContainText("Master app for Android");
  await rows
    .nth(2)
    .getByRole("button", { name: /^End session/ })
    .click();
  const dialog = first.getByRole("dialog");
  await dialog.getByRole("button", { name: text("en", "myaccount", "sessions.end") }).click();
  await expect(sessions.getByRole("status")).toContainText("has been signed out");
  await expect(rows).toHaveCount(2);

  // The ended browser's next request fails with 50012, and its account page sends it to sign in.
  const answer = await second.request.get(`${ACCOUNT_API}/profile`, { headers: { "X-App-Type": "501" } });
  expect((await answer.json()).code).toBe(50012);
  await second.goto("/myaccount");
  await second.waitForURL(/\/login/);
  await second.context().close();

  // The security log shows the sign-ins of both browsers and of the app.
  await first.reload();
  await hydrated(first);
  const log = card(first, "en", "security.title");
  await expect(log).toContainText("Successful sign-ins: 3");
  await first.context().close();
});

test("change the e-mail with the code sent to the new address; the old address undoes it", async ({
  browser,
  request,
}) => {
  const dir = String(process.env.E2E_MAIL_DIR);
  const email = uniqueEmail("mailchange");
  const newEmail = uniqueEmail("mailchange-new");
  await createAccount(request, email, PASSWORD);
  const page = await signedIn(browser, "", email);

  const section = card(page, "en", "emailChange.title");
  await section.getByLabel(text("en", "myaccount", "emailChange.newLabel")).fill(newEmail);
  await section.getByRole("button", { name: text("en", "myaccount", "emailChange.send") }).click();
  await expect(section.getByRole("status")).toContainText(newEmail);
  const code = await mailedCode(newEmail, text("en", "email", "code.subject.change_email"));
  await section.getByLabel("6-digit code").fill(code);
  await section.getByRole("button", { name: text("en", "myaccount", "emailChange.confirm") }).click();
  await expect(section.getByRole("status")).toContainText(`Your account now uses ${newEmail}`);
  await expect(card(page, "en", "profile.title")).toContainText(newEmail);

  // The old address is told, with the undo link (its token after #).
  let link = "";
  await expect
    .poll(() => {
      const mail = mailsTo(dir, email).find((each) => each.subject === text("en", "email", "emailChange.subject"));
      link = /https?:\/\/\S+\/myaccount\/email-undo#\S+/.exec(mail?.text ?? "")?.[0] ?? "";
      return link;
    })
    .not.toBe("");

  // Opened in another browser (the owner's mail client), one click restores the address.
  const owner = await (await browser.newContext()).newPage();
  await owner.goto(link);
  await hydrated(owner);
  await owner.getByRole("button", { name: text("en", "myaccount", "emailUndo.submit") }).click();
  await expect(owner.getByRole("main")).toContainText(`${email} is your account's address again`);
  await owner.context().close();

  // Every session ended: the browser that made the change is signed out.
  await page.goto("/myaccount");
  await page.waitForURL(/\/login/);
  await page.context().close();
});

for (const locale of ["en", "ar"]) {
  test(`the sessions, security log and e-mail cards are accessible (${locale})`, async ({ browser, request }) => {
    const email = uniqueEmail(`security-axe-${locale}`);
    await createAccount(request, email, PASSWORD);
    const prefix = locale === "en" ? "" : `/${locale}`;
    const page = await signedIn(browser, prefix, email);
    for (const key of ["sessions.title", "security.title", "emailChange.title"]) {
      await expect(card(page, locale, key)).toBeVisible();
    }
    await expect(card(page, locale, "sessions.title").getByTestId("session-list").locator("li")).toHaveCount(2);
    await expect(card(page, locale, "security.title").getByTestId("security-log").locator("li")).not.toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: `/tmp/sessions-account-${locale}-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `/tmp/sessions-account-${locale}-1280.png`, fullPage: true });
    const axe = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      .analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    // The undo page, before and after a refused link.
    await page.goto(`${prefix}/myaccount/email-undo#not-a-token`);
    await hydrated(page);
    await page.getByRole("button", { name: text(locale, "myaccount", "emailUndo.submit") }).click();
    await expect(page.getByRole("alert").or(page.getByRole("status")).first()).toContainText(
      text(locale, "forms", "api.40151"),
    );
    await page.screenshot({ path: `/tmp/sessions-undo-${locale}.png`, fullPage: true });
    const undoAxe = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      .analyze();
    expect(undoAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await page.context().close();
  });
}
