import { readdirSync } from "node:fs";
import path from "node:path";
import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { SiteFooter } from "../../app/components/site-footer";
import { loadNamespaces } from "../../app/i18n/catalogues.server";
import { TranslatorProvider } from "../../app/i18n/translator";
import { ClaimsProvider, type SiteClaims } from "../../app/lib/claims";
import * as AboutUs from "../../app/routes/aboutus";
import * as Affiliate from "../../app/routes/affiliate";
import * as Download from "../../app/routes/download/index";
import * as DownloadProduct from "../../app/routes/download/product";
import * as Features from "../../app/routes/features";
import * as Home from "../../app/routes/home";
import * as PressRoom from "../../app/routes/press-room";
import * as Pricing from "../../app/routes/pricing";
import * as SocialMedia from "../../app/routes/social-media/index";
import * as SocialMediaItem from "../../app/routes/social-media/platform";
import * as VpnServer from "../../app/routes/vpn-server/index";
import * as VpnServerRegion from "../../app/routes/vpn-server/region";
import * as VpnTrial from "../../app/routes/vpn-trial";
import * as WhatIsVpn from "../../app/routes/what-is-vpn";
import { concreteRoutes, pageByKey, routeId } from "../../app/routing/pages";
import { BRAND } from "../../universal/brand/brand";
import { CLAIMS, SERVER_COUNTS } from "../../universal/claims/claims";
import { NO_CLAIMS } from "../../universal/claims/schema";

/**
 * The pages that make promises, rendered as the server renders them (loader data, catalogues,
 * footer) with the operator's claims swapped: with nothing set, none of the promises may show.
 */
interface RouteModule {
  default: ComponentType<never>;
  loader: (args: never) => unknown;
}
const CLAIM_PAGES: Record<string, RouteModule> = {
  home: Home,
  aboutus: AboutUs,
  affiliate: Affiliate,
  download: Download,
  "download-product": DownloadProduct,
  features: Features,
  "press-room": PressRoom,
  pricing: Pricing,
  "vpn-for-social-media": SocialMedia,
  "vpn-for-social-media-item": SocialMediaItem,
  "vpn-server": VpnServer,
  "vpn-server-region": VpnServerRegion,
  "what-is-vpn": WhatIsVpn,
};

const NAMESPACES = readdirSync(path.resolve(import.meta.dirname, "../../locales/en")).map((f) =>
  f.replace(".json", ""),
);
const RESOURCES = loadNamespaces("en", NAMESPACES);

/** A loader's data: priced pages' loaders are async and may answer with `data()` (headers). */
async function loaderData(module: RouteModule, request: Request, params: Record<string, string>) {
  // No plans in this context: the priced pages show their "could not be loaded" state, no prices.
  const context = { publicOrigin: "https://example.test" };
  const result = await (module.loader as (args: unknown) => unknown)({ request, params, context });
  return result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit"
    ? (result as unknown as { data: unknown }).data
    : result;
}

async function render(
  pageKey: string,
  module: RouteModule,
  url: string,
  params: Record<string, string>,
  claims: SiteClaims,
) {
  const page = pageByKey(pageKey);
  if (!page) throw new Error(pageKey);
  const request = new Request(`https://example.test${url}`);
  const pageData = await loaderData(module, request, params);
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => (
        <>
          <Outlet />
          <SiteFooter />
        </>
      ),
      children: [
        page.path === ""
          ? { id: routeId(pageKey), index: true, Component: module.default as ComponentType }
          : { id: routeId(pageKey), path: page.path, Component: module.default as ComponentType },
      ],
    },
  ]);
  return renderToStaticMarkup(
    <ClaimsProvider claims={claims}>
      <TranslatorProvider locale="en" resources={[RESOURCES]}>
        <Stub
          initialEntries={[url]}
          hydrationData={{
            loaderData: {
              root: { locale: "en", origin: "https://example.test", signedIn: false },
              [routeId(pageKey)]: pageData,
            },
          }}
        />
      </TranslatorProvider>
    </ClaimsProvider>,
  );
}

const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

const PAGES = Object.entries(CLAIM_PAGES).flatMap(([key, module]) => {
  const page = pageByKey(key);
  if (!page) throw new Error(key);
  return concreteRoutes(page).map((route) => ({ key, module, url: route.path, params: route.params }));
});

/** What each promise looks like in English copy. */
const PROMISES = {
  moneyBack: /money-back|money back|refund|\d+-day/i,
  // What a VPN provider should do in general (what-is-vpn) is not a promise; what "we" do is.
  noLogs: new RegExp(
    `(our|strict|same) no-logs (policy|setup)(?! matters)|(we|it|${BRAND.name}) keeps? no logs|no record of what|(never|not|don't) (log|record)`,
    "i",
  ),
  protocols: /WireGuard|OpenVPN|IKEv2|Protocols:/,
  // Counts belong to content/servers.ts and to the plans, never to the text.
  numbers: /\b(?!3 )\d+ (countries|cities)\b|\b\d+ (to \d+ )?devices\b/i,
};

// Three countries, so that a count the copy shows is seen to come from the server list.
const nothingSet: SiteClaims = { ...NO_CLAIMS, countryCount: 3, cityCount: 5 };
const everythingSet: SiteClaims = {
  moneyBackDays: 14,
  noLogs: true,
  noLogsReportUrl: "https://audits.example.test/no-logs",
  protocols: ["wireguard", "ikev2"],
  countryCount: 3,
  cityCount: 5,
};

describe("pages that make promises", () => {
  it.each(PAGES.map((p) => [p.url, p] as const))("%s makes none when the operator sets none", async (_url, p) => {
    const text = visibleText(await render(p.key, p.module, p.url, p.params, nothingSet));
    for (const [promise, pattern] of Object.entries(PROMISES)) {
      expect(text.match(pattern)?.[0], `${promise} on ${p.url}`).toBeUndefined();
    }
  });

  it("shows each promise the operator sets, in its words and numbers", async () => {
    const html = async (url: string) => {
      const p = PAGES.find((page) => page.url === url);
      if (!p) throw new Error(url);
      return visibleText(await render(p.key, p.module, p.url, p.params, everythingSet));
    };
    const features = await html("/features");
    expect(features).toContain("14-day money-back guarantee");
    expect(features).toContain("ask for a refund within 14 days of your first purchase");
    expect(features).toContain("Strict no-logs policy");
    expect(features).toContain("Protocols: WireGuard and IKEv2/IPsec.");
    expect(features).toContain("Servers in 3 countries");
    // The patterns the test above looks for do find each promise when it is made.
    for (const pattern of [PROMISES.moneyBack, PROMISES.noLogs, PROMISES.protocols]) expect(features).toMatch(pattern);
    expect(await render("features", Features, "/features", {}, everythingSet)).toContain(
      'href="https://audits.example.test/no-logs"',
    );
    const home = await html("/");
    expect(home).toContain("3 countries");
    expect(home).toContain("Do you keep logs?");
    expect(home).toContain("Every first purchase comes with a 14-day money-back guarantee.");
    expect(await html("/pricing")).toContain("ask for a refund within 14 days");
    expect(await html("/vpn-server")).toContain("The same no-logs setup on every server");
  });

  it("counts in the language's plural forms", async () => {
    const one = visibleText(
      await render("features", Features, "/features", {}, { ...everythingSet, moneyBackDays: 1, countryCount: 1 }),
    );
    expect(one).toContain("Servers in 1 country");
    expect(one).toContain("ask for a refund within 1 day of your first purchase");
  });
});

describe("the money-back page", () => {
  it("exists only while the operator promises a money-back window", async () => {
    const page = pageByKey("vpn-trial");
    expect(page?.claim).toBe("moneyBack");
    // The shipped claims promise one: the page is built and listed.
    expect(CLAIMS.moneyBackDays).not.toBeNull();
    expect(page?.render).toBe("prerender");
    expect(page?.indexable).toBe(true);
    const text = visibleText(await render("vpn-trial", VpnTrial, "/vpn-trial", {}, { ...CLAIMS, ...SERVER_COUNTS }));
    expect(text).toContain(`${CLAIMS.moneyBackDays}-day money-back guarantee`);
  });

  it("is not linked from the footer without that promise", async () => {
    const withPromise = await render("features", Features, "/features", {}, everythingSet);
    expect(withPromise).toContain('href="/vpn-trial"');
    expect(await render("features", Features, "/features", {}, nothingSet)).not.toContain('href="/vpn-trial"');
  });
});
