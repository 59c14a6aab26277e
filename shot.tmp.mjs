import { chromium } from "playwright-core";

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--disable-background-networking"],
});
const list = process.argv.slice(2);
for (const item of list) {
  const [name, url, width] = item.split("|");
  const context = await browser.newContext({ viewport: { width: Number(width), height: 900 } });
  const page = await context.newPage();
  page.on("console", (m) => {
    if (m.type() === "error") console.log(name, "console:", m.text());
  });
  await page.goto(`http://127.0.0.1:3999${url}`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/manual/${name}.png`, fullPage: true });
  await context.close();
}
await browser.close();
