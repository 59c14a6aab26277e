import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { fillBrandPlaceholders } from "../../universal/brand/brand";
import { localizePath } from "../../universal/i18n/locales";
import { documentationAddress } from "./account-helpers";
import { hydrated } from "./journey-helpers";

/** One catalogue of one language, as the pages show it. */
export function catalogue(locale: string, namespace: string): Record<string, unknown> {
  return JSON.parse(readFileSync(`locales/${locale}/${namespace}.json`, "utf8"));
}

/** A key of a catalogue ("checkout.pay"), with the brand filled in as the pages fill it. */
export function text(locale: string, namespace: string, key: string): string {
  let value: unknown = catalogue(locale, namespace);
  for (const part of key.split(".")) value = (value as Record<string, unknown>)[part];
  return fillBrandPlaceholders(String(value));
}

/**
 * Each buyer comes from an address of their own (the e2e server trusts loopback proxies), as
 * real buyers do: the per-address sign-up limit then never mixes up the tests.
 */
export async function asNewVisitor(page: Page) {
  // A documentation address: located nowhere, so the prices are the default currency's. (Any
  // 198.51.x.y was random enough to land in a Canadian network now and then, and show CA$.)
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": documentationAddress() });
}

/** From the checkout of a plan, in a language, to the sandbox's hosted payment page. */
export async function checkout(
  page: Page,
  plan: string,
  provider: string,
  email: string,
  options: { locale?: "en" | "de" | "ar" | "ja"; query?: string } = {},
) {
  const locale = options.locale ?? "en";
  await asNewVisitor(page);
  await page.goto(`${localizePath(`/pricing/checkout/${plan}`, locale)}${options.query ?? ""}`);
  await hydrated(page);
  // Prices load after hydration; under load (other tests solving captchas) that can take a while.
  await expect(page.locator('input[name="plan"]:checked')).toHaveValue(plan, { timeout: 45_000 });
  await page.locator('input[name="email"]').fill(email);
  await page.locator(`input[name="provider"][value="${provider}"]`).check();
  await page.getByRole("button", { name: text(locale, "pricing", "checkout.pay") }).click();
  await page.waitForURL(/\/sandbox\/checkout\/ord_/, { timeout: 60_000 });
}

/** The sandbox's hosted page is the processor's own, in English. */
export async function payWith(page: Page, card: string) {
  await page.getByLabel("Card number").fill(card);
  await page.getByRole("button", { name: "Pay" }).click();
}
