import { expect, test } from "@playwright/test";

// The e2e server trusts loopback proxies (TRUST_PROXY=loopback): X-Forwarded-For plays the proxy
// in front of the app, so the page sees a visitor from London.
test.describe("what is my IP", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": "81.2.69.160" } });

  test("shows the address the server saw, where it is and whose network it is", async ({ page }) => {
    await page.goto("/what-is-my-ip");
    await expect(page.getByTestId("visitor-ip")).toHaveText("81.2.69.160");
    const details = page.locator("dl").first();
    await expect(details).toContainText("United Kingdom");
    await expect(details).toContainText("London");
    await expect(details).toContainText("Europe/London");
    await expect(details).toContainText(/AS\d+/);
    await expect(page.getByRole("heading", { name: "Your real location is visible" })).toBeVisible();
    await expect(
      page.getByRole("img", { name: /approximate location: London, England, United Kingdom/ }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "IP Geolocation by DB-IP" })).toHaveAttribute(
      "href",
      "https://db-ip.com/",
    );
  });

  test("looks up other addresses, and explains private ones and bad input", async ({ page }) => {
    await page.goto("/what-is-my-ip");
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    const input = page.getByLabel("IP address", { exact: true });
    await input.fill("8.8.8.8");
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page).toHaveURL(/\?ip=8\.8\.8\.8$/);
    await expect(page.getByRole("heading", { name: "Details for 8.8.8.8" })).toBeVisible();
    await expect(page.locator("dl").nth(1)).toContainText("Google LLC");
    await expect(page.locator("dl").nth(1)).toContainText("Data centre, cloud or VPN");

    await input.fill("192.168.1.1");
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByText("This is a private address")).toBeVisible();

    await input.fill("example.com");
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByRole("alert")).toHaveText(/That is not an IP address/);
  });

  test("speaks the visitor's language, country names included", async ({ page }) => {
    await page.goto("/de/what-is-my-ip");
    await expect(page.locator("dl").first()).toContainText("Vereinigtes Königreich");
  });
});

test("the WebRTC leak test gathers candidates against the site's own STUN server and gives a verdict", async ({
  page,
}) => {
  await page.goto("/webrtc-leak-test");
  await expect(page.getByTestId("server-ip")).toHaveText("127.0.0.1");
  await expect(page.getByTestId("verdict")).toHaveText("No WebRTC leak", { timeout: 20_000 });
  // The STUN server answered: a server-reflexive candidate is listed.
  await expect(page.getByRole("cell", { name: "Seen by STUN server" }).first()).toBeVisible();
  await expect(page.getByRole("row")).not.toHaveCount(1);
});

test("without WebRTC the leak test says so instead of failing", async ({ page }) => {
  await page.addInitScript(() => {
    // As in browsers where WebRTC is switched off.
    Reflect.deleteProperty(window, "RTCPeerConnection");
  });
  await page.goto("/webrtc-leak-test");
  await expect(page.getByTestId("leak-result")).toHaveText(/WebRTC is not available in this browser/);
});

test("without JavaScript the leak test explains what it needs", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/webrtc-leak-test");
  await expect(page.getByText("This test runs in your browser and needs JavaScript.")).toBeVisible();
  await expect(page.getByTestId("server-ip")).toHaveText("127.0.0.1");
  await context.close();
});
