import { createSocket } from "node:dgram";
import { chromium, expect, type Page, test } from "@playwright/test";
import dnsPacket from "dns-packet";
import { hydrated, watchProblems } from "./journey-helpers";
import { realResolverMissing, startRealResolver } from "./real-resolver";

// The DNS leak test and the connection check (decision 043). The e2e server runs the DNS server
// for leak.test (playwright.config.ts). The first test runs it whole: Chromium resolves the probe
// names through Debian's unbound, which asks the app (real-resolver.ts). The others catch each probe
// image request and ask the app's DNS server for its name over UDP, as the visitor's resolver would
// (from 127.0.0.1, outside the VPN), then answer the image.

const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

function askAsResolver(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = createSocket("udp4");
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`no DNS answer for ${name}`));
    }, 3000);
    socket.on("message", () => {
      clearTimeout(timer);
      socket.close();
      resolve();
    });
    socket.send(
      dnsPacket.encode({ type: "query", id: 1, questions: [{ type: "A", name }] }),
      Number(process.env.E2E_DNS_PORT),
      "127.0.0.1",
    );
  });
}

async function resolveProbesThroughTheApp(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route(/^http:\/\/[0-9a-f]{28}-\d+\.leak\.test:\d+\//, async (route) => {
    const host = new URL(route.request().url()).hostname;
    asked.push(host);
    await askAsResolver(host);
    await route.fulfill({ status: 200, contentType: "image/gif", body: GIF });
  });
  return asked;
}

test("through a real recursive resolver: the leak test finds the unbound that Chromium asked", async ({ baseURL }) => {
  const missing = realResolverMissing();
  test.skip(missing !== null, missing ?? "");
  const resolver = await startRealResolver("leak.test", Number(process.env.E2E_DNS_PORT));
  const browser = await chromium.launch({
    executablePath: resolver.chromium,
    args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    const page = await browser.newPage({ baseURL });
    const problems = watchProblems(page, baseURL ?? "", "en");
    await page.goto("/what-is-my-ip");
    await hydrated(page);
    await page.getByRole("link", { name: "DNS leak test" }).click();
    await expect(page).toHaveURL(/\/dns-leak-test$/);
    await expect(page.getByTestId("dns-verdict")).toHaveText("You are not using the VPN's DNS servers", {
      timeout: 30_000,
    });
    // The one resolver is unbound's outgoing address, not the visitor's own.
    const rows = page.getByTestId("dns-resolvers").getByRole("row");
    await expect(rows.filter({ hasText: resolver.outgoing })).toHaveCount(1);
    await expect(rows.filter({ hasText: /\b127\.0\.0\.1\b(?!\d)/ })).toHaveCount(0);
    expect(problems).toEqual([]);
  } finally {
    await browser.close();
    resolver.stop();
  }
});

test("the DNS leak test lists the resolver that looked up its names, in both modes", async ({ page, baseURL }) => {
  const problems = watchProblems(page, baseURL ?? "", "en");
  const asked = await resolveProbesThroughTheApp(page);
  await page.goto("/what-is-my-ip");
  await hydrated(page);
  await page.getByRole("link", { name: "DNS leak test" }).click();
  await expect(page).toHaveURL(/\/dns-leak-test$/);
  await expect(page.getByTestId("dns-verdict")).toHaveText("You are not using the VPN's DNS servers", {
    timeout: 20_000,
  });
  const row = page.getByTestId("dns-resolvers").getByRole("row", { name: /127\.0\.0\.1/ });
  await expect(row).toContainText("No");
  expect(asked).toHaveLength(6);

  await page.getByRole("button", { name: "Extended test" }).click();
  await expect(page.getByTestId("dns-verdict")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("dns-resolvers").getByRole("row")).toHaveCount(2);
  expect(asked).toHaveLength(30);
  expect(problems).toEqual([]);
});

test.describe("behind the VPN's exit (X-Forwarded-For in its range)", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.7" } });

  test("the connection check runs every check, IPv6 missing included, and finds the DNS leak", async ({
    page,
    baseURL,
  }) => {
    const problems = watchProblems(page, baseURL ?? "", "en");
    await resolveProbesThroughTheApp(page);
    await page.goto("/dns-leak-test");
    await hydrated(page);
    await page.getByRole("link", { name: "Connection check" }).click();
    await expect(page).toHaveURL(/\/connection-check$/);
    await expect(page.getByTestId("verdict")).toHaveText("Leaking: part of your connection goes around the VPN", {
      timeout: 30_000,
    });
    const finding = (name: string) => page.locator(`[data-finding="${name}"]`);
    await expect(finding("ipv4")).toHaveAttribute("data-state", "vpn");
    await expect(finding("ipv4")).toContainText("198.51.100.7");
    // The IPv6-only host name answers over IPv4 here: no IPv6 path is a finding, not a spinner.
    await expect(finding("ipv6")).toHaveAttribute("data-state", "none");
    await expect(finding("dns")).toHaveAttribute("data-state", "outside");
    await expect(finding("dns")).toContainText("127.0.0.1");
    await expect(finding("webrtc")).toHaveAttribute("data-state", "none");
    await expect(page.getByTestId("connection-verdict")).toContainText("DNS lookups go to servers outside the VPN.");
    expect(problems).toEqual([]);
  });
});

test.describe("the connection check's verdicts, findings forced", () => {
  for (const [findings, verdict, explanation] of [
    ["ipv4:vpn,ipv6:none,dns:vpn,webrtc:none", "Protected by the VPN", "nothing we checked goes around it"],
    ["ipv4:outside,ipv6:none,dns:vpn,webrtc:untested", "Not connected to the VPN", "Some findings do go through"],
    [
      "ipv4:vpn,ipv6:outside,dns:vpn,webrtc:outside",
      "Leaking: part of your connection goes around the VPN",
      "WebRTC reveals an address outside the VPN.",
    ],
  ] as const) {
    test(verdict, async ({ page, baseURL }) => {
      const problems = watchProblems(page, baseURL ?? "", "en");
      await page.goto(`/connection-check?findings=${findings}`);
      await expect(page.getByTestId("verdict")).toHaveText(verdict);
      await expect(page.getByTestId("connection-verdict")).toContainText(explanation);
      for (const part of findings.split(",")) {
        const [name, state] = part.split(":");
        await expect(page.locator(`[data-finding="${name}"]`)).toHaveAttribute("data-state", state ?? "");
      }
      expect(problems).toEqual([]);
    });
  }

  test("in Persian, right to left, with the leaked address kept left to right", async ({ page }) => {
    await page.goto("/fa/connection-check?findings=ipv4:vpn,ipv6:outside,dns:vpn,webrtc:none");
    await expect(page.getByTestId("verdict")).toHaveText("نشت: بخشی از اتصال شما VPN را دور می‌زند");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator('[data-finding="ipv6"] bdi')).toHaveAttribute("dir", "ltr");
  });
});
