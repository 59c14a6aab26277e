import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { spawnServer } from "../helpers/spawn-server";
import { hydrated } from "./journey-helpers";

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
    await hydrated(page);
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
  // The STUN server answered: a server-reflexive candidate is listed, the address the web server saw.
  const reflexive = page.getByRole("row").filter({ has: page.getByRole("cell", { name: "Seen by STUN server" }) });
  await expect(reflexive.first()).toContainText("127.0.0.1");
  await expect(reflexive.first()).toContainText("Same as your visible IP");
});

test("when no STUN server answers, the leak test says it could not test instead of 'no leak'", async ({ page }) => {
  await page.addInitScript(() => {
    // As on a network that blocks UDP: the browser gathers its own interfaces only.
    const Original = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends Original {
      constructor(configuration?: RTCConfiguration) {
        super({ ...configuration, iceServers: [] });
      }
    };
  });
  await page.goto("/webrtc-leak-test");
  await expect(page.getByTestId("verdict")).toHaveText("Could not test for WebRTC leaks", { timeout: 20_000 });
  await expect(page.getByTestId("leak-result")).toContainText("No STUN server answered your browser");
  await expect(page.getByText("No WebRTC leak")).toHaveCount(0);
});

// A browser behind a VPN that leaks: WebRTC also reveals the real IPv6 address.
const revealRealIpv6 = () => {
  const Original = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Original {
    override get localDescription() {
      const description = super.localDescription;
      if (!description) return description;
      const leak = "a=candidate:9 1 udp 1686052863 2001:4860:4860::8888 61000 typ srflx raddr :: rport 0\r\n";
      return new RTCSessionDescription({ type: description.type, sdp: description.sdp + leak });
    }
  };
};

test.describe("on a phone in Arabic", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  const fitsThePhone = (page: import("@playwright/test").Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  test("the WebRTC results fit the screen and the leaked address reads left to right", async ({ page }) => {
    await page.addInitScript(revealRealIpv6);
    // The web server sees the VPN's exit address.
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "81.2.69.160" });
    await page.goto("/ar/webrtc-leak-test");
    await expect(page.getByTestId("verdict")).toHaveText("تسرّب عبر WebRTC: عنوانك الحقيقي مكشوف", {
      timeout: 20_000,
    });
    const inSentence = page.getByTestId("leak-result").locator("bdi", { hasText: "2001:4860:4860::8888" });
    await expect(inSentence).toHaveAttribute("dir", "ltr");
    const inTable = page.getByRole("cell", { name: "2001:4860:4860::8888" }).locator("bdi");
    await expect(inTable).toHaveAttribute("dir", "ltr");
    await expect(page.getByRole("row", { name: /2001:4860:4860::8888/ })).toContainText(
      "تسرّب: يختلف عن عنوان IP الظاهر",
    );
    expect(await fitsThePhone(page)).toBe(true);
  });

  test("what is my IP isolates the IPv6 address the server saw and the one looked up", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "2001:4860:4860::8888" });
    await page.goto("/ar/what-is-my-ip?ip=2001:4860:4860::8888");
    await expect(page.getByTestId("visitor-ip")).toHaveText("2001:4860:4860::8888");
    await expect(page.getByTestId("visitor-ip")).toHaveAttribute("dir", "ltr");
    const heading = page.getByRole("heading", { level: 3, name: /2001:4860:4860::8888/ });
    await expect(heading.locator("bdi")).toHaveText("2001:4860:4860::8888");
    await expect(heading.locator("bdi")).toHaveAttribute("dir", "ltr");
    expect(await fitsThePhone(page)).toBe(true);
  });
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

test("on a site without a STUN server the leak test says it could not test, never 'no leak'", async ({ page }) => {
  // A server of its own, started as an operator would without STUN_PORT or STUN_URL: it migrates
  // and seeds a fresh database first, which takes longer than a page test.
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "veilport-no-stun-"));
  const server = spawnServer([path.resolve("build/server.js")], {
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    STUN_PORT: "0",
    // The browser keeps its connections open: the test does not wait for them at the end.
    SHUTDOWN_TIMEOUT_MS: "1000",
  });
  try {
    const { port } = await server.waitForLog((line) => line.msg === "listening");
    await page.goto(`http://127.0.0.1:${port}/webrtc-leak-test`);
    await expect(page.getByTestId("verdict")).toHaveText("Could not test for WebRTC leaks", { timeout: 20_000 });
    await expect(page.getByTestId("leak-result")).toContainText("This site has no STUN server set up");
    await expect(page.getByText("No WebRTC leak")).toHaveCount(0);
  } finally {
    await page.close();
    server.child.kill("SIGTERM");
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
