import { expect, test } from "@playwright/test";
import { DOWNLOAD_ORDER, downloadLink } from "../../content/apps";
import { DOWNLOAD_PRODUCT_NAMES } from "../../universal/routing/sub-pages";

// content/apps.ts is the operator's: these tests follow whatever it publishes, and fail when a
// page promises a download that is not there (or hides one that is).
const published = DOWNLOAD_ORDER.filter((product) => downloadLink(product));
const unpublished = DOWNLOAD_ORDER.filter((product) => !downloadLink(product));

test("a platform without a published app says how to get it, with no download button or install steps", async ({
  page,
}) => {
  test.skip(unpublished.length === 0, "every platform has a download address");
  // One page per unpublished platform (seven by default): more than the default 30 s on a busy machine.
  test.setTimeout(30_000 + unpublished.length * 15_000);
  for (const product of unpublished) {
    const name = DOWNLOAD_PRODUCT_NAMES[product];
    await page.goto(`/download/${product}`);
    const getApp = page.getByRole("region", { name: `Get Veilport for ${name}` });
    await expect(getApp).toContainText(`The ${name} app is not available for download here yet.`);
    await expect(getApp.getByRole("link")).toHaveText([/^Contact us/]);
    await expect(page.getByRole("heading", { name: `How to install Veilport on ${name}` })).toHaveCount(0);
    await expect(page.getByText("download button")).toHaveCount(0);
  }
  await page
    .getByRole("region", { name: /^Get Veilport for/ })
    .getByRole("link", { name: "Contact us" })
    .click();
  await expect(page).toHaveURL(/\/contact-us$/);
});

test("a platform with a published app links to it and shows how to install it", async ({ page }) => {
  test.skip(published.length === 0, "no platform has a download address yet");
  for (const product of published) {
    await page.goto(`/download/${product}`);
    const getApp = page.getByRole("region", { name: `Get Veilport for ${DOWNLOAD_PRODUCT_NAMES[product]}` });
    await expect(getApp.getByRole("link").first()).toHaveAttribute("href", downloadLink(product)!);
    await expect(
      page.getByRole("heading", { name: `How to install Veilport on ${DOWNLOAD_PRODUCT_NAMES[product]}` }),
    ).toBeVisible();
  }
});

test("the download overview marks the platforms that cannot be downloaded here yet", async ({ page }) => {
  await page.goto("/download");
  for (const product of DOWNLOAD_ORDER) {
    const card = page.getByRole("link", { name: new RegExp(`^${DOWNLOAD_PRODUCT_NAMES[product]}\\b`) });
    await expect(card.getByText("Not available for download here yet")).toHaveCount(downloadLink(product) ? 0 : 1);
  }
  await expect(page.getByRole("heading", { name: "Get started in three steps" })).toHaveCount(
    published.length > 0 ? 1 : 0,
  );
});

test("in Arabic, on a phone, the same honest note without a dead button", async ({ page }) => {
  test.skip(unpublished.length === 0, "every platform has a download address");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/ar/download/${unpublished[0]}`);
  // The section the page's "Get Veilport for …" heading names.
  const getApp = page.locator('section[aria-labelledby="get-app-title"]');
  await expect(getApp.getByRole("link")).toHaveCount(1);
  await expect(getApp.getByRole("link")).toHaveAttribute("href", "/ar/contact-us");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );
});
