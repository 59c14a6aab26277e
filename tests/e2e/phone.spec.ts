import { expect, type Locator, type Page, test } from "@playwright/test";
import { pageKindOfPath } from "../../app/routing/page-kind";
import { createAccount, uniqueEmail } from "./account-helpers";
import { hydrated, watchConsole } from "./journey-helpers";

// A phone, 390 CSS pixels wide, in a left-to-right and a right-to-left language.
const PHONE = { width: 390, height: 844 };
const LOCALES = [
  { prefix: "", name: "en" },
  { prefix: "/ar", name: "ar" },
] as const;

test.use({ viewport: PHONE, hasTouch: true });
// Several pages per test, and logins that solve a proof-of-work captcha: allow for a busy machine.
test.describe.configure({ timeout: 120_000 });

/** Opens a page and waits until it is ready: an app has hydrated, a document (no React) shows its heading. */
async function open(page: Page, path: string) {
  await page.goto(path);
  if (pageKindOfPath(new URL(page.url()).pathname) === "app") await hydrated(page);
  else await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
}

const header = (page: Page) => page.locator("header").first();
const menuButton = (page: Page) => header(page).locator("details.lg\\:hidden > summary");
const mobilePanel = (page: Page) => header(page).locator("details.lg\\:hidden > nav");
const languageButton = (page: Page) => header(page).locator("details:has([hreflang]) > summary");
const languageList = (page: Page) => header(page).locator("details:has([hreflang]) > ul");

/** Is the element what a finger at its centre would touch (nothing drawn over it)? */
async function onTop(list: Locator): Promise<boolean> {
  return list.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

for (const { prefix, name } of LOCALES) {
  test.describe(`phone, ${name}`, () => {
    test("a failed submit puts focus and view on the first invalid field; a success is brought into view", async ({
      page,
    }) => {
      const errors = watchConsole(page);
      await open(page, `${prefix}/contact-us`);
      const submit = page.locator("form button[type=submit]");
      await submit.click();
      const nameField = page.locator('input[name="name"]');
      await expect(nameField).toBeFocused();
      await expect(nameField).toBeInViewport();

      // With a name, the first field still wrong is the e-mail, further down.
      await nameField.fill("Grace Hopper");
      await submit.click();
      const emailField = page.locator('input[name="email"]');
      await expect(emailField).toBeFocused();
      await expect(emailField).toHaveAttribute("aria-invalid", "true");

      // The message box is the last field: scroll back up first, so the form must bring it into view.
      await emailField.fill("grace@example.com");
      await page.locator("select[name=topic]").selectOption({ index: 1 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await submit.click();
      const message = page.locator('textarea[name="message"]');
      await expect(message).toBeFocused();
      await expect(message).toBeInViewport();

      await open(page, `${prefix}/login`);
      await page.locator('input[name="email"]').fill("not an address");
      await page.locator("form button[type=submit]").click();
      await expect(page.locator('input[name="email"]')).toBeFocused();
      await page.locator('input[name="email"]').fill("someone@example.com");
      await page.locator("form button[type=submit]").click();
      await expect(page.locator('input[name="password"]')).toBeFocused();

      // The checkout's e-mail sits above the plan list and payment methods: a bad one is brought back.
      await open(page, `${prefix}/pricing/checkout/1-year`);
      await expect(page.locator('input[name="plan"]:checked')).toHaveCount(1, { timeout: 20_000 });
      await page.locator('input[name="email"]').fill("not an address");
      const pay = page.locator("form button[type=submit]");
      await pay.scrollIntoViewIfNeeded();
      await pay.click();
      await expect(page.locator('input[name="email"]')).toBeFocused();
      await expect(page.locator('input[name="email"]')).toBeInViewport();

      // Asking for a reset code always succeeds (no account enumeration): the answer is in view and focused.
      await open(page, `${prefix}/forgetpassword`);
      await page.locator('input[name="email"]').fill(uniqueEmail("phone"));
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.locator("form button[type=submit]").click();
      const success = page.getByTestId("form-success");
      // The request first solves the proof-of-work captcha: on a busy machine that takes seconds.
      await expect(success).toBeFocused({ timeout: 30_000 });
      await expect(success).toBeInViewport({ ratio: 0.9 });
      await expect(success.getByRole("status")).toBeVisible();
      expect(errors).toEqual([]);
    });

    test("header menus: one open at a time, the language list on top of the panel, Escape closes", async ({ page }) => {
      const errors = watchConsole(page);
      await open(page, `${prefix}/pricing`);
      await menuButton(page).click();
      await expect(mobilePanel(page)).toBeVisible();

      // A menu inside the panel (Tools) keeps the panel open.
      await mobilePanel(page).locator("details > summary").click();
      await expect(mobilePanel(page).locator('a[href$="/what-is-my-ip"]')).toBeVisible();
      await expect(mobilePanel(page)).toBeVisible();

      // The language menu opened from the panel's bar: it is what a finger at its centre touches.
      await languageButton(page).click();
      await expect(languageList(page)).toBeVisible();
      expect(await onTop(languageList(page))).toBe(true);
      await expect(mobilePanel(page)).toBeHidden();

      await page.keyboard.press("Escape");
      await expect(languageList(page)).toBeHidden();
      await expect(languageButton(page)).toBeFocused();

      // And the other way round: opening the panel closes the language list.
      await languageButton(page).click();
      await menuButton(page).click();
      await expect(languageList(page)).toBeHidden();
      await expect(mobilePanel(page)).toBeVisible();
      await mobilePanel(page).locator("a").first().focus();
      await page.keyboard.press("Escape");
      await expect(mobilePanel(page)).toBeHidden();
      await expect(menuButton(page)).toBeFocused();

      // A tap outside closes an open menu too.
      await languageButton(page).click();
      await page.touchscreen.tap(PHONE.width / 2, PHONE.height - 40);
      await expect(languageList(page)).toBeHidden();
      expect(errors).toEqual([]);
    });

    test("every target in the header, its panel and its language list is at least 44 by 44 px", async ({ page }) => {
      await open(page, `${prefix}/`);
      const targets = "a:visible, summary:visible, button:visible";
      const small = async (scope: Locator) => {
        const found: string[] = [];
        for (const target of await scope.locator(targets).all()) {
          const box = await target.boundingBox();
          // The skip link is visually hidden (1 px) until focused; it is measured focused below.
          if (box && box.width > 1 && (box.width < 44 || box.height < 44)) {
            found.push(`${(await target.textContent())?.trim()} ${Math.round(box.width)}x${Math.round(box.height)}`);
          }
        }
        return found;
      };
      expect(await small(header(page))).toEqual([]);
      await page.keyboard.press("Tab");
      const skip = header(page).locator('a[href="#main"]');
      await expect(skip).toBeFocused();
      expect((await skip.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      await menuButton(page).click();
      await mobilePanel(page).locator("details > summary").click();
      expect(await header(page).locator(targets).count()).toBeGreaterThan(8);
      expect(await small(header(page))).toEqual([]);
      await languageButton(page).click();
      await expect(languageList(page)).toBeVisible();
      expect(await small(languageList(page))).toEqual([]);
    });

    for (const path of ["/", "/pricing", "/blog", "/download"]) {
      test(`${path}: nothing wider than the phone, cards clear of the edges`, async ({ page }) => {
        await open(page, `${prefix}${path}`);
        if (path === "/pricing")
          await expect(page.locator('a[href*="/pricing/checkout/"]').first()).toBeVisible({ timeout: 60_000 });
        await expectPhoneLayout(page);
      });
    }
  });
}

for (const { prefix, width } of [
  { prefix: "/de", width: 390 },
  { prefix: "/ar", width: 390 },
  { prefix: "/de", width: 768 },
]) {
  test(`prices keep together in ${prefix.slice(1)} at ${width} px, and the cards fit`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await open(page, `${prefix}/pricing`);
    // The longest symbol: CA$.
    await page.getByRole("combobox").first().selectOption("CAD");
    const prices = page.locator("main bdi", { hasText: "CA$" });
    await expect(prices.first()).toBeVisible({ timeout: 60_000 });
    const lines = await prices.evaluateAll((elements) => elements.map((element) => element.getClientRects().length));
    expect(lines.length).toBeGreaterThanOrEqual(6);
    expect(lines.every((count) => count === 1)).toBe(true);
    await expectPhoneLayout(page);
  });
}

test("a signed-in visitor's header offers 'My account', from the server's first HTML on", async ({ page }) => {
  const errors = watchConsole(page);
  const email = uniqueEmail("phone-header");
  const password = "Sturdy-Pass9!";
  await createAccount(page.request, email, password);
  await open(page, "/login");
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator("form button[type=submit]").click();
  await page.waitForURL("**/myaccount", { timeout: 30_000 });

  for (const { prefix } of LOCALES) {
    // The page rendered for this request already knows the session: no "Get Veilport" flash.
    const html = await (await page.request.get(`${prefix}/myaccount`)).text();
    const served = /<header[\s\S]*?<\/header>/.exec(html)?.[0] ?? "";
    // The header carries both sets of account links (decision 059); the signed-out set is hidden from the start.
    const shown = served.replace(/<(a|li) data-signed-in="false" hidden=""[\s\S]*?<\/\1>/g, "");
    expect(shown).toContain(`href="${prefix}/myaccount"`);
    expect(shown).not.toContain(`href="${prefix}/login"`);
    // Pricing is linked from the two navigations only, not from a "Get Veilport" button.
    expect(shown.split(`href="${prefix}/pricing"`).length - 1).toBe(2);

    // A document follows the stored sign-in once its island runs.
    await open(page, `${prefix}/pricing`);
    await menuButton(page).click();
    const account = mobilePanel(page).locator(`a[href="${prefix}/myaccount"]`);
    await expect(account).toBeVisible();
    // A document carries both sets of links; the island shows the signed-in one.
    await expect(mobilePanel(page).locator(`a[href="${prefix}/login"]`)).toBeHidden();
    await expect(mobilePanel(page).locator(`a[href="${prefix}/pricing"]`).filter({ visible: true })).toHaveCount(1); // the nav link only
    await account.click();
    await page.waitForURL(`**${prefix}/myaccount`);
    await expect(page.locator("main")).toContainText(email);
    await expectPhoneLayout(page);
  }
  expect(errors).toEqual([]);
});

/** No sideways scrolling, and every card (a bordered or shadowed box) at least 12 px from both edges. */
async function expectPhoneLayout(page: Page) {
  const found = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const tooClose: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>("main *")) {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height < 48 || style.visibility === "hidden") continue;
      const boxed =
        (Number.parseFloat(style.borderTopWidth) > 0 && Number.parseFloat(style.borderTopLeftRadius) > 0) ||
        style.boxShadow !== "none";
      if (boxed && (box.left < 12 || width - box.right < 12)) {
        tooClose.push(
          `${element.tagName} ${element.className} ${Math.round(box.left)}/${Math.round(width - box.right)}`,
        );
      }
    }
    return { overflow: document.documentElement.scrollWidth - width, tooClose };
  });
  expect(found.overflow).toBeLessThanOrEqual(0);
  expect(found.tooClose).toEqual([]);
}
