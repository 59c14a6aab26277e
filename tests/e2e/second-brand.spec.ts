import { execFile, execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import type { SMTPServer } from "smtp-server";
import { concretePaths, PAGES } from "../../app/routing/pages";
import { LOCALES, localizePath } from "../../universal/i18n/locales";
import { freePort } from "../helpers/free-port";
import { type SpawnedServer, spawnServer } from "../helpers/spawn-server";
import { solveCaptcha, uniqueEmail } from "./account-helpers";
import { checkout, payWith } from "./checkout-helpers";
import { mailsTo, startMailCatcher } from "./mail-catcher";

// Issue 16's "done when": with a second brand (tests/fixtures/brand-northwind: name, logo,
// colours) in place of content/brand/, no page of any language, no e-mail and no report says the
// default brand's name, and the pages show the new logo and colours. The app is built in a copy of
// the project (the working tree's content/brand/ and build/ stay as they are) and served by that
// build's own server, with its own database and mail receiver.
test.describe.configure({ mode: "serial" });
// Pages in this file talk to that server (known once beforeAll has started it).
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
test.use({ baseURL: async ({}, use) => use(origin) });

const DEFAULT_NAME = "Veilport";
const NAME = "Northwind VPN";
const PRIMARY = "rgb(11, 107, 58)"; // #0b6b3a, the fixture's primary
const OPERATOR_TOKEN = "second-brand-operator-token-0123456789";
const FIXTURE = path.resolve("tests/fixtures/brand-northwind");

let workDir = "";
let dataDir = "";
let mailDir = "";
let smtp: SMTPServer | undefined;
let server: SpawnedServer | undefined;
let origin = "";
let api: APIRequestContext;

/** The project's files (tracked, and new ones not ignored) copied to `into`, with the fixture as its brand. */
function copyProjectWithFixtureBrand(into: string) {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    encoding: "utf8",
  });
  for (const file of listed.split("\0")) {
    if (!file || file.startsWith("content/brand/") || !existsSync(file)) continue;
    mkdirSync(path.dirname(path.join(into, file)), { recursive: true });
    cpSync(file, path.join(into, file));
  }
  cpSync(FIXTURE, path.join(into, "content/brand"), { recursive: true });
  symlinkSync(path.resolve("node_modules"), path.join(into, "node_modules"), "dir");
}

/** `where: …the name in context…` for each text naming the default brand. */
function namings(where: string, text: string): string[] {
  const found: string[] = [];
  for (let at = text.indexOf(DEFAULT_NAME); at !== -1; at = text.indexOf(DEFAULT_NAME, at + 1)) {
    found.push(`${where}: …${text.slice(Math.max(0, at - 60), at + 60).replace(/\s+/g, " ")}…`);
  }
  return found;
}

/** Runs `work` over `items`, `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

test.beforeAll(async () => {
  // A full build (about 30 s alone; longer while other tests run) and a start.
  test.setTimeout(600_000);
  workDir = mkdtempSync(path.join(tmpdir(), "veilport-second-brand-"));
  copyProjectWithFixtureBrand(workDir);
  await promisify(execFile)(process.execPath, ["scripts/build.mjs"], { cwd: workDir, maxBuffer: 64 * 1024 * 1024 });
  mailDir = mkdtempSync(path.join(tmpdir(), "veilport-second-brand-mail-"));
  const smtpPort = await freePort();
  smtp = await startMailCatcher(smtpPort, mailDir);
  dataDir = mkdtempSync(path.join(tmpdir(), "veilport-second-brand-data-"));
  server = spawnServer([path.join(workDir, "build/server.js")], {
    // Outside production, so the demo catalogue sells through the sandbox.
    NODE_ENV: "test",
    PAYMENT_MODE: "sandbox",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    STUN_PORT: "0",
    TRUST_PROXY: "loopback",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    OPERATOR_TOKEN,
  });
  const { port } = (await server.waitForLog((line) => line.msg === "listening")) as { port: number };
  origin = `http://127.0.0.1:${port}`;
  api = await playwrightRequest.newContext({ baseURL: origin });
});

test.afterAll(async () => {
  await api?.dispose();
  server?.child.kill("SIGTERM");
  await server?.exited;
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  for (const dir of [workDir, dataDir, mailDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

test("no page of any language, and no file the build serves, names the default brand", async () => {
  test.setTimeout(300_000);
  const sitemap = await (await api.get("/sitemap.xml")).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
  // Besides the sitemap: the pages it leaves out (log-in, account, checkout, pay status) and a 404.
  const everyPage = PAGES.flatMap(concretePaths).flatMap((rest) =>
    LOCALES.map((locale) => localizePath(rest, locale.code)),
  );
  const notFound = LOCALES.map((locale) => localizePath("/no-such-page-here", locale.code));
  const paths = [...new Set([...listed, ...everyPage, ...notFound])];
  expect(listed.length).toBeGreaterThan(100);

  const found: string[] = [];
  const failed: string[] = [];
  // A prerendered page is served as its built file, as it is (only the origin is filled in, which
  // names no brand): those are read from the build, the rest (apps, 404s) asked of the server.
  const clientDir = path.join(workDir, "build/client");
  const prerendered = (
    JSON.parse(readFileSync(path.join(workDir, "build/static-pages.json"), "utf8")) as {
      pages: Record<string, { file: string }>;
    }
  ).pages;
  expect(Object.keys(prerendered).length).toBeGreaterThan(100);
  const asked = paths.filter((pagePath) => {
    const built = prerendered[pagePath];
    if (built) found.push(...namings(pagePath, readFileSync(path.join(clientDir, built.file), "utf8")));
    return !built;
  });
  await eachLimited(asked, 6, async (pagePath) => {
    const response = await api.get(pagePath);
    // Pages answer (the /404 page and /redirect without a target answer 404 and 400 by design).
    const status = response.status();
    if (status >= 500 || (notFound.includes(pagePath) && status !== 404)) failed.push(`${pagePath}: ${status}`);
    found.push(...namings(pagePath, await response.text()));
  });
  expect(failed).toEqual([]);
  expect(found).toEqual([]);

  // The brand reaches the head: Open Graph's site name on every language's home page.
  for (const locale of LOCALES) {
    const html = await (await api.get(localizePath("/", locale.code))).text();
    expect(html).toContain(`<meta property="og:site_name" content="${NAME}"/>`);
  }

  // Every script, style sheet, icon and manifest the build serves (the pages load from these).
  const served = filesUnder(clientDir).filter((file) => /\.(js|css|svg|webmanifest|json|txt|xml)$/.test(file));
  expect(served.filter((file) => file.endsWith(".js")).length).toBeGreaterThan(10);
  expect(served.flatMap((file) => namings(path.relative(clientDir, file), readFileSync(file, "utf8")))).toEqual([]);

  const manifest = await (await api.get("/site.webmanifest")).json();
  expect(manifest).toMatchObject({ name: NAME, short_name: "Northwind", theme_color: "#0b6b3a" });
  expect(await (await api.get("/favicon.svg")).text()).toContain("<title>Northwind VPN</title>");
  // The help centre and the legal details come from the brand file when the environment sets none.
  const help = await api.get("/de/help", { maxRedirects: 0 });
  expect(help.headers().location).toBe("https://help.northwind.example/de/");
  const privacy = await (await api.get("/privacy-policy")).text();
  expect(privacy).toContain("Northwind Networks Ltd");
  expect(privacy).toContain("privacy@northwind.example");
});

test("the code e-mail, the receipt and the operator report carry the brand", async ({ page }) => {
  test.setTimeout(180_000);
  const A = "/api/mms/account/v1/web";
  const email = uniqueEmail("northwind");
  const signup = await api.post(`${A}/anonymous_signup`, {
    headers: { "X-App-Type": "101", "X-Forwarded-For": "203.0.113.41" },
    data: { email, recasign: await solveCaptcha(api) },
  });
  expect(signup.status()).toBe(200);
  const requested = await api.post(`${A}/verification/request`, {
    headers: { "X-App-Type": "101", "X-Forwarded-For": "203.0.113.41" },
    data: { email, purpose: "set_password", recasign: await solveCaptcha(api) },
  });
  expect(requested.status()).toBe(200);
  await expect.poll(() => mailsTo(mailDir, email).length, { timeout: 30_000 }).toBe(1);
  const [codeMail] = mailsTo(mailDir, email);
  // MAIL_FROM is unset: its default display name is the brand's (the parser quotes it).
  expect(codeMail?.from).toBe(`"${NAME}" <no-reply@localhost>`);
  expect(codeMail?.subject).toContain(NAME);
  expect(codeMail?.html).toContain(`color:#0b6b3a">${NAME}</p>`);
  expect(namings("code mail", JSON.stringify(codeMail))).toEqual([]);

  // A sandbox purchase: its receipt (there is no PDF receipt; the receipt is this e-mail).
  page.setDefaultNavigationTimeout(60_000);
  const buyer = uniqueEmail("northwind-buyer");
  await checkout(page, "1-year", "s1", buyer);
  await payWith(page, "4242 4242 4242 4242");
  await page.waitForURL(/\/paysuc/, { timeout: 90_000 });
  await expect.poll(() => mailsTo(mailDir, buyer).length, { timeout: 60_000 }).toBeGreaterThan(0);
  const receipts = mailsTo(mailDir, buyer);
  expect(receipts.map((mail) => mail.html).join("")).toContain(`background:#0b6b3a;`);
  expect(namings("receipt", JSON.stringify(receipts))).toEqual([]);

  // The operator report, through the script an operator runs.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(workDir, "scripts/report.mjs"), "--origin", origin],
    {
      env: { ...process.env, OPERATOR_TOKEN },
    },
  );
  expect(stdout).toMatch(new RegExp(`^${NAME} report \\d{4}-\\d{2}-\\d{2} to`));
  expect(stdout).toMatch(/purchases/);
  expect(namings("report", stdout)).toEqual([]);
});

for (const width of [1280, 390]) {
  test(`home, pricing and the Arabic home show the second brand's logo and colours at ${width} px`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    for (const pagePath of ["/", "/pricing", "/ar"]) {
      await page.goto(pagePath);
      const mark = page.locator("header [data-brand-logo] svg");
      await expect(mark).toBeVisible();
      // The fixture's compass (circles), not the default shield.
      await expect(mark.locator("circle")).toHaveCount(2);
      await expect(page.locator("header")).toContainText("Northwind VPN");
      const primaryButton = page.locator("main a.bg-brand-700, main button.bg-brand-700").first();
      await expect(primaryButton).toBeVisible();
      await expect(primaryButton).toHaveCSS("background-color", PRIMARY);
      await expect(page.locator("footer").getByRole("link", { name: "Mastodon" })).toHaveAttribute(
        "href",
        "https://mastodon.example/@northwind",
      );
      const name = `second-brand-${pagePath.slice(1).replace("/", "-") || "home"}-${width}.png`;
      await page.screenshot({ path: testInfo.outputPath(name) });
    }
    await page.locator("footer").screenshot({ path: testInfo.outputPath(`second-brand-footer-${width}.png`) });
    // The brand's own parts (inlined logo, social links) keep the page accessible.
    const axe = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      .analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    // The press room offers the brand's logo, under the brand's name, and shows its colours.
    await page.goto("/press-room");
    const download = page.locator('a[download="northwind-logo.svg"]');
    await expect(download).toHaveAttribute("href", "/images/press/logo.svg");
    const kit = page.locator("section", { has: page.locator("#media-kit-title") });
    await expect(kit.locator("img")).toHaveAttribute("src", "/images/press/logo.svg");
    await expect(kit).toContainText("#0b6b3a");
    await expect(kit).toContainText("#b4235a");
    await kit.screenshot({ path: testInfo.outputPath(`second-brand-press-${width}.png`) });
  });
}
