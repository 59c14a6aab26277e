import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { sandboxPurchase, uniqueEmail } from "./account-helpers";
import { hydrated, watchConsole } from "./journey-helpers";

// A customer with a paid subscription reads their account in their language: plan and payment
// method named as they chose them, dates in the locale's format, renewal off and back on through
// the in-page dialog, errors under their field. Screenshots in en, ar, ja, fa, th and hi at 390 and 1280 px.
test.describe.configure({ timeout: 120_000 });

const PASSWORD = "Sturdy-Pass9!";
const _P = "/api/mms/payment/v1/providers";
const catalogue = (locale: string, namespace: string) =>
  JSON.parse(readFileSync(`locales/${locale}/${namespace}.json`, "utf8"));
const ISO: Record<string, string> = { en: "en-US", ar: "ar", de: "de-DE", ja: "ja-JP" };

/**
 * A customer who bought a plan through the sandbox processor (started as an app would, paid on
 * the sandbox's hosted page) and has one app bound; returns the paid period's end.
 */
async function subscriber(request: APIRequestContext, email: string, plan: string, provider: string) {
  const { app } = await sandboxPurchase(request, { email, password: PASSWORD, plan, provider });
  const bound = await request.post("/api/mms/account/v1/web/device/bind", {
    headers: { ...app, "X-App-Type": "512" },
    data: { device_id: "pc-1", device_name: "Office PC" },
  });
  expect((await bound.json()).code).toBe(200);
  const mine = await request.get("/api/mms/payment/v1/web/subscription_my", { headers: app });
  return new Date((await mine.json()).data.subscriptions[0].expires_at as string);
}

async function logIn(page: Page, prefix: string, email: string) {
  await page.goto(`${prefix}/login`);
  await hydrated(page);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`**${prefix}/myaccount`, { timeout: 30_000 });
}

/** How the browser writes the paid period's end in a locale (as a customer there reads dates). */
const browserDate = (page: Page, locale: string, end: Date) =>
  page.evaluate(([iso, time]) => new Intl.DateTimeFormat(iso, { dateStyle: "long" }).format(new Date(time)), [
    ISO[locale] ?? "en-US",
    end.getTime(),
  ] as const);
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/{{(\w+)}}/g, (_whole, name: string) => values[name] ?? "");
const card = (page: Page, title: string) =>
  page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: title, exact: true }) });

// What a customer reads for a 1-year plan bought a moment ago (365 days, so 12 months left).
const EXPECTED = {
  de: { plan: "1 Jahr", left: "12 Monate" },
  ar: { plan: "سنة", left: "12 شهرًا" },
} as const;

for (const locale of ["de", "ar"] as const) {
  test(`a subscriber reads plan, payment and dates in ${locale}, turns renewal off and on, sees a field error`, async ({
    page,
    request,
  }) => {
    const texts = catalogue(locale, "myaccount");
    const email = uniqueEmail(`sub-${locale}`);
    const end = await subscriber(request, email, "1-year", "pd");
    const errors = watchConsole(page);
    await logIn(page, `/${locale}`, email);
    const main = page.locator("main");
    const date = await browserDate(page, locale, end);
    const subscription = card(page, texts.subscription.title);

    // Human names, the locale's dates (isolated), time left with the language's plural rules.
    await expect(subscription).toContainText(EXPECTED[locale].plan);
    await expect(subscription).toContainText(catalogue(locale, "pricing").checkout.providers.pd);
    await expect(subscription).toContainText(fill(texts.subscription.renews, { date }));
    await expect(subscription.locator("bdi", { hasText: date })).toBeVisible();
    const profile = card(page, texts.profile.title);
    await expect(profile).toContainText(fill(texts.profile.activeUntil, { date }));
    await expect(profile).toContainText(fill(texts.profile.timeLeft, { duration: EXPECTED[locale].left }));
    await expect(profile.locator('bdi[dir="ltr"]', { hasText: email })).toBeVisible();
    await expect(page.getByText("Office PC")).toBeVisible();
    await expect(main).not.toContainText(/\b(AM|PM|VIP|1-year|pd|s1)\b/);

    // Renewal off: the in-page dialog; Escape keeps everything as it was and gives focus back.
    const off = subscription.getByRole("button", { name: texts.subscription.cancel });
    await off.click();
    const offDialog = page.getByRole("dialog", { name: texts.subscription.confirmCancelTitle });
    await expect(offDialog).toBeVisible();
    await expect(offDialog).toContainText(fill(texts.subscription.confirmCancel, { date }));
    await expect(offDialog.getByRole("button", { name: texts.dialog.dismiss })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(offDialog).toBeHidden();
    await expect(off).toBeFocused();
    await expect(subscription).toContainText(fill(texts.subscription.renews, { date }));
    await off.click();
    await offDialog.getByRole("button", { name: texts.subscription.confirmCancelButton }).click();
    await expect(subscription.getByRole("status")).toHaveText(fill(texts.subscription.canceled, { date }));
    await expect(subscription).toContainText(fill(texts.subscription.ends, { date }));
    await expect(subscription).toContainText(texts.status.canceled);

    // And back on.
    await subscription.getByRole("button", { name: texts.subscription.resume }).click();
    const onDialog = page.getByRole("dialog", { name: texts.subscription.confirmResumeTitle });
    await onDialog.getByRole("button", { name: texts.subscription.confirmResumeButton }).click();
    await expect(subscription.getByRole("status")).toHaveText(fill(texts.subscription.resumed, { date }));
    await expect(subscription).toContainText(fill(texts.subscription.renews, { date }));
    await expect(subscription.getByRole("button", { name: texts.subscription.cancel })).toBeVisible();

    expect(errors).toEqual([]);

    // The bound-IP card says what binding does; a private address is refused under the field.
    const ipCard = card(page, texts.ip.title);
    await expect(ipCard).toContainText(texts.ip.intro);
    const field = ipCard.getByLabel(texts.ip.label);
    await field.fill("10.0.0.1");
    await ipCard.getByRole("button", { name: texts.ip.bind, exact: true }).click();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(catalogue(locale, "forms").ip.public);

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    // The one error Chromium logs is the refused address's 400 answer itself.
    expect(errors).toEqual([expect.stringContaining("status of 400")]);
  });
}

// Latin, right-to-left, CJK and Thai (long unbroken words) set the widths to check.
for (const locale of ["en", "ar", "ja", "th"] as const) {
  test(`account page with a subscription: screenshots in ${locale} at 390 and 1280 px`, async ({
    page,
    request,
  }, testInfo) => {
    const texts = catalogue(locale, "myaccount");
    const email = uniqueEmail(`shot-${locale}`);
    await subscriber(request, email, "2-years", "s1");
    const prefix = locale === "en" ? "" : `/${locale}`;
    await logIn(page, prefix, email);
    await expect(page.getByText("Office PC")).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(card(page, texts.subscription.title).getByRole("button")).toBeVisible();
      const file = `/tmp/account-${locale}-${width}.png`;
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`account-${locale}-${width}`, { path: file, contentType: "image/png" });
      // The page scrolls sideways when something is wider than the screen (to the left in RTL); a
      // failure names the innermost elements sticking out, which push the rest.
      const overflow = await page.evaluate(() => {
        const sticksOut = (element: Element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && (box.left < -1 || box.right > window.innerWidth + 1);
        };
        const wider = document.documentElement.scrollWidth - window.innerWidth;
        if (wider <= 0) return [];
        return [
          `${wider} px wider than the screen`,
          ...[...document.querySelectorAll("main *")]
            .filter((element) => sticksOut(element) && ![...element.children].some(sticksOut))
            .slice(0, 5)
            .map((element) => `${element.tagName.toLowerCase()}: ${(element.textContent ?? "").trim().slice(0, 50)}`),
        ];
      });
      expect(overflow).toEqual([]);
    }
    // Each card on its own at phone width, readable without zooming out of a full page.
    const cards = page.locator("main section");
    for (let i = 1; i < (await cards.count()); i++) {
      await cards.nth(i).screenshot({ path: `/tmp/account-${locale}-390-card${i}.png` });
    }
    // The confirmation as a phone shows it.
    await page.setViewportSize({ width: 390, height: 800 });
    await card(page, texts.subscription.title).getByRole("button", { name: texts.subscription.cancel }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.screenshot({ path: `/tmp/account-${locale}-dialog-390.png` });
  });
}
