import { chromium } from "playwright-core";

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const [name, url, width, height] = process.argv.slice(2);
const context = await browser.newContext({ viewport: { width: Number(width), height: Number(height) } });
const page = await context.newPage();
await page.goto(`http://127.0.0.1:3999${url}`);
await page.waitForTimeout(1000);
await page.screenshot({ path: `/tmp/manual/${name}.png` });
await browser.close();
