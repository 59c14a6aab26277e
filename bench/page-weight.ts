/**
 * What a first visit to a page really loads: the page opened in Chromium, every script and
 * stylesheet it fetches counted (the HTML's own tags, the chunks those import, and what the page
 * imports on its own once loaded), each as its gzip -9 size from the build. Islands import shared
 * chunks and load the page runtime themselves, which the HTML's tags alone would not show.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "playwright-core";
import { chromiumPath } from "../tests/e2e/chromium-path";

export interface PageWeight {
  jsBytesGz: number;
  cssBytesGz: number;
  files: string[];
  /** React Router's hydration data in the HTML (the context object, its streamed loader results). */
  inlineLoaderData: boolean;
}

export const hasInlineLoaderData = (html: string) => /__reactRouterContext|__reactRouterRouteModules/.test(html);

/** A page to open: its path, the server that serves it, and the cookies of a signed-in visitor if any. */
export interface PageVisit {
  page: string;
  base: string;
  cookies?: Record<string, string>;
}

export async function measurePageWeights(visits: PageVisit[], clientDir: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath() });
  const weights = new Map<string, PageWeight>();
  try {
    for (const { page, base, cookies = {} } of visits) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: base })));
      const tab = await context.newPage();
      const files = new Set<string>();
      tab.on("request", (request) => {
        const { pathname } = new URL(request.url());
        if (/\.(js|css)$/.test(pathname) && pathname.startsWith("/assets/")) files.add(pathname);
      });
      // "load" waits for the module scripts and every chunk they import (a slow answer under load
      // would otherwise look like a quiet network); the idle network after it catches what the page
      // imports on its own once running.
      const response = await tab.goto(`${base}${page}`, { waitUntil: "load" });
      await tab.waitForLoadState("networkidle");
      const html = (await response?.text()) ?? "";
      await context.close();
      let jsBytesGz = 0;
      let cssBytesGz = 0;
      for (const file of files) {
        const gz = zlib.gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length;
        if (file.endsWith(".js")) jsBytesGz += gz;
        else cssBytesGz += gz;
      }
      weights.set(page, {
        jsBytesGz,
        cssBytesGz,
        files: [...files].sort(),
        inlineLoaderData: hasInlineLoaderData(html),
      });
    }
  } finally {
    await browser.close();
  }
  return weights;
}
