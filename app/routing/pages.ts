import { BLOG_ARTICLES } from "../../content/blog/articles";
import { BLOG_CATEGORIES, BLOG_TAGS } from "../../content/blog/taxonomy";
import { CLAIMS } from "../../universal/claims/claims";
import type { ClaimName } from "../../universal/claims/makes-claim";
import { DOWNLOAD_PRODUCTS, SOCIAL_MEDIA_PLATFORMS, VPN_SERVER_REGIONS } from "../../universal/routing/sub-pages";

/**
 * The route table of SPEC §2: every page once; app/routes.ts turns it into routes for all
 * languages. Adding a page: one entry here, one route module, one namespace in locales/<lang>/.
 */

export const LAYOUTS = ["default", "blog", "standalone"] as const;
export type LayoutName = (typeof LAYOUTS)[number];

/** Each layout's file under app/. */
export const LAYOUT_FILES: Record<LayoutName, string> = {
  default: "layouts/default.tsx",
  blog: "layouts/blog.tsx",
  standalone: "layouts/standalone.tsx",
};

/** Route middleware, each a pathless layout route in app/routes/middleware/. */
export const MIDDLEWARE = ["auth", "category"] as const;

export interface PageDefinition {
  /** Unique key; also the route id (`page:download-product`). */
  key: string;
  /** Path without the language prefix; "" is home. React Router syntax (`:param`, `:id?`). */
  path: string;
  /** Route module, relative to app/. */
  file: string;
  layout: LayoutName;
  middleware?: readonly string[];
  /** Navigation bar drawn transparent over the hero. */
  transparentNav?: boolean;
  /**
   * Marketing pages are built ahead; pages that depend on the visitor are rendered per request
   * (those showing prices too: the catalogue is the operator's runtime data, decisions 025, 031).
   */
  render: "prerender" | "server";
  /**
   * A document is HTML from the server that works without JavaScript: the browser loads no React,
   * only the small islands the page names (app/islands). An app hydrates React (account, checkout,
   * the tools). Decision 031.
   */
  kind: "document" | "app";
  /** Allowed values of each path parameter: anything else is a 404. Also what gets prerendered. */
  params?: Record<string, readonly string[]>;
  /** Listed in the sitemap and open to crawlers. */
  indexable: boolean;
  /** Catalogue keys of the page's texts when not meta.title / meta.description / heading / intro. */
  texts?: PageTexts;
  /** The promise the whole page is about: without it (content/claims.ts) the page is a 404. */
  claim?: ClaimName;
}

export interface PageTexts {
  title: string;
  description: string;
  heading: string;
  intro: string;
}

const subPageTexts = (prefix: string, intro = `${prefix}.intro`): PageTexts => ({
  title: `${prefix}.title`,
  description: `${prefix}.description`,
  heading: `${prefix}.heading`,
  intro,
});

export const DEFAULT_TEXTS: PageTexts = {
  title: "meta.title",
  description: "meta.description",
  heading: "heading",
  intro: "intro",
};

// The money-back page is built and listed only while the operator promises a money-back window.
const offersMoneyBack = CLAIMS.moneyBackDays !== null;

export const PAGES: readonly PageDefinition[] = [
  {
    key: "home",
    path: "",
    file: "routes/home.tsx",
    layout: "default",
    transparentNav: true,
    render: "server",
    kind: "document",
    indexable: true,
  },
  {
    key: "aboutus",
    path: "aboutus",
    file: "routes/aboutus.tsx",
    layout: "default",
    render: "prerender",
    kind: "document",
    indexable: true,
  },
  {
    key: "affiliate",
    path: "affiliate",
    file: "routes/affiliate.tsx",
    layout: "default",
    transparentNav: true,
    render: "prerender",
    kind: "document",
    indexable: true,
  },
  {
    key: "blog",
    path: "blog",
    file: "routes/blog/index.tsx",
    layout: "blog",
    middleware: ["category"],
    render: "prerender",
    kind: "document",
    indexable: true,
  },
  {
    key: "blog-more",
    path: "blog/more",
    file: "routes/blog/more.tsx",
    layout: "blog",
    middleware: ["category"],
    render: "server",
    kind: "document",
    indexable: true,
    texts: subPageTexts("more", "intro"),
  },
  {
    key: "blog-search",
    path: "blog/search",
    file: "routes/blog/search.tsx",
    layout: "blog",
    middleware: ["category"],
    render: "server",
    kind: "document",
    indexable: false,
    texts: subPageTexts("search", "intro"),
  },
  {
    key: "blog-category",
    path: "blog/category/:category",
    file: "routes/blog/category.tsx",
    layout: "blog",
    middleware: ["category"],
    render: "prerender",
    kind: "document",
    params: { category: BLOG_CATEGORIES },
    indexable: true,
    texts: subPageTexts("category", "category.description"),
  },
  {
    key: "blog-tag",
    path: "blog/tag/:tagId",
    file: "routes/blog/tag.tsx",
    layout: "blog",
    middleware: ["category"],
    render: "prerender",
    kind: "document",
    params: { tagId: BLOG_TAGS },
    indexable: true,
    texts: subPageTexts("tag", "tag.description"),
  },
  {
    key: "blog-article",
    path: "blog/:unikey",
    file: "routes/blog/article.tsx",
    layout: "blog",
    middleware: ["category"],
    render: "prerender",
    kind: "document",
    params: { unikey: BLOG_ARTICLES },
    indexable: true,
    texts: subPageTexts("article", "article.description"),
  },
  {
    key: "contact-us",
    path: "contact-us",
    file: "routes/contact-us.tsx",
    layout: "default",
    render: "prerender",
    kind: "document",
    indexable: true,
  },
  {
    key: "cookie-policy",
    path: "cookie-policy-2025",
    file: "routes/legal.tsx",
    layout: "default",
    render: "server",
    kind: "document",
    indexable: true,
  },
  {
    key: "download",
    path: "download",
    file: "routes/download/index.tsx",
    layout: "default",
    render: "prerender",
    kind: "document",
    indexable: true,
  },
  {
    key: "download-product",
    path: "download/:product",
    file: "routes/download/product.tsx",
    layout: "default",
    render: "server",
    kind: "document",
    params: { product: DOWNLOAD_PRODUCTS },
    indexable: true,
    texts: subPageTexts("product"),
  },
  {
    key: "features",
    path: "features",
    file: "routes/features.tsx",
    layout: "default",
    transparentNav: true,
    render: "prerender",
    kind: "document",
    indexable: true,
  },
  {
    key: "forgetpassword",
    path: "forgetpassword",
    file: "routes/account/forget-password.tsx",
    layout: "default",
    render: "server",
    kind: "app",
    indexable: false,
  },
  {
    key: "redeem",
    path: "redeem",
    file: "routes/account/redeem.tsx",
    layout: "default",
    render: "server",
    kind: "app",
    indexable: false,
  },
  {
    key: "login",
    path: "login",
    file: "routes/account/login.tsx",
    layout: "default",
    middleware: ["auth"],
    render: "server",
    kind: "app",
    indexable: false,
  },
  {
    key: "myaccount",
    path: "myaccount",
    file: "routes/account/my-account.tsx",
    layout: "default",
    middleware: ["auth"],
    render: "server",
    kind: "app",
    indexable: false,
  },
  {
    // The operator console (decision 051): staff only, never prerendered, no third-party requests.
    key: "operator",
    path: "operator",
    file: "routes/operator/console.tsx",
    layout: "default",
    middleware: ["auth"],
    render: "server",
    kind: "app",
    indexable: false,
  },
  {
    key: "receipt",
    path: "myaccount/receipts/:orderId",
    file: "routes/account/receipt.tsx",
    layout: "default",
    middleware: ["auth"],
    render: "server",
    kind: "app",
    indexable: false,
    texts: subPageTexts("receiptPage"),
  },
  {
    // The old address's link after an e-mail change (universal/routing/email-undo-path.ts): no
    // session needed, since whoever changed the address may be the only one signed in.
    key: "emailundo",
    path: "myaccount/email-undo",
    file: "routes/account/email-undo.tsx",
    layout: "default",
    render: "server",
    kind: "app",
    indexable: false,
    texts: subPageTexts("emailUndo"),
  },
  {
    key: "paystatus",
    path: "paystatus",
    file: "routes/checkout/pay-status.tsx",
    layout: "default",
    render: "server",
    kind: "app",
    indexable: false,
  },
  {
    key: "paysuc",
    path: "paysuc",
    file: "routes/checkout/pay-success.tsx",
    layout: "default",
    render: "server",
    kind: "app",
    indexable: false,
  },
  {
    key: "press-room",
    path: "press-room",
    file: "routes/press-room.tsx",
    layout: "default",
    transparentNav: true,
    render: "prerender",
    kind: "document",
    indexable: true,
  },
  {
    key: "pricing",
    path: "pricing",
    file: "routes/pricing.tsx",
    layout: "default",
    render: "server",
    kind: "document",
    indexable: true,
  },
  {
    key: "checkout",
    path: "pricing/checkout/:id?",
    file: "routes/checkout/checkout.tsx",
    layout: "default",
    render: "server",
    kind: "app",
    indexable: false,
    texts: subPageTexts("checkout"),
  },
  {
    key: "privacy-policy",
    path: "privacy-policy",
    file: "routes/legal.tsx",
    layout: "default",
    render: "server",
    kind: "document",
    indexable: true,
  },
  {
    key: "redirect",
    path: "redirect",
    file: "routes/redirect.tsx",
    layout: "default",
    render: "server",
    kind: "document",
    indexable: false,
  },
  {
    key: "resetpassword",
    path: "resetpassword",
    file: "routes/account/reset-password.tsx",
    layout: "default",
    render: "server",
    kind: "app",
    indexable: false,
  },
  {
    key: "terms-of-service",
    path: "terms-of-service",
    file: "routes/legal.tsx",
    layout: "default",
    render: "server",
    kind: "document",
    indexable: true,
  },
  {
    key: "termsuse",
    path: "termsuse",
    file: "routes/legal.tsx",
    layout: "default",
    render: "server",
    kind: "document",
    indexable: true,
  },
  {
    key: "vpn-for-social-media",
    path: "vpn-for-social-media",
    file: "routes/social-media/index.tsx",
    layout: "default",
    transparentNav: true,
    render: "prerender",
    kind: "document",
    indexable: true,
  },
  {
    key: "vpn-for-social-media-item",
    path: "vpn-for-social-media/:id",
    file: "routes/social-media/platform.tsx",
    layout: "default",
    render: "prerender",
    kind: "document",
    params: { id: Object.keys(SOCIAL_MEDIA_PLATFORMS) },
    indexable: true,
    texts: subPageTexts("platform"),
  },
  {
    key: "vpn-server",
    path: "vpn-server",
    file: "routes/vpn-server/index.tsx",
    layout: "default",
    transparentNav: true,
    render: "prerender",
    kind: "document",
    indexable: true,
  },
  {
    key: "vpn-server-region",
    path: "vpn-server/:region",
    file: "routes/vpn-server/region.tsx",
    layout: "default",
    transparentNav: true,
    render: "prerender",
    kind: "document",
    params: { region: VPN_SERVER_REGIONS },
    indexable: true,
    texts: subPageTexts("region"),
  },
  {
    key: "vpn-trial",
    path: "vpn-trial",
    file: "routes/vpn-trial.tsx",
    layout: "default",
    render: offersMoneyBack ? "prerender" : "server",
    kind: "document",
    indexable: offersMoneyBack,
    claim: "moneyBack",
  },
  {
    key: "connection-check",
    path: "connection-check",
    file: "routes/tools/connection-check.tsx",
    layout: "default",
    render: "server",
    kind: "app",
    indexable: true,
  },
  {
    key: "dns-leak-test",
    path: "dns-leak-test",
    file: "routes/tools/dns-leak-test.tsx",
    layout: "default",
    render: "server",
    kind: "app",
    indexable: true,
  },
  {
    key: "webrtc-leak-test",
    path: "webrtc-leak-test",
    file: "routes/tools/webrtc-leak-test.tsx",
    layout: "default",
    render: "server",
    kind: "app",
    indexable: true,
  },
  {
    key: "what-is-my-ip",
    path: "what-is-my-ip",
    file: "routes/tools/what-is-my-ip.tsx",
    layout: "default",
    render: "server",
    kind: "app",
    indexable: true,
  },
  {
    key: "what-is-vpn",
    path: "what-is-vpn",
    file: "routes/what-is-vpn.tsx",
    layout: "default",
    transparentNav: true,
    render: "prerender",
    kind: "document",
    indexable: true,
  },
  {
    key: "not-found",
    path: "404",
    file: "routes/not-found.tsx",
    layout: "default",
    render: "server",
    kind: "document",
    indexable: false,
  },
];

const BY_KEY = new Map(PAGES.map((page) => [page.key, page]));

export function pageByKey(key: string): PageDefinition | undefined {
  return BY_KEY.get(key);
}

/** The route id React Router knows a page by. */
export function routeId(pageKey: string): string {
  return `page:${pageKey}`;
}

/** Reads the page key back out of a route id ("page:pricing" -> "pricing"); undefined for other routes. */
export function pageKeyOfRouteId(id: string): string | undefined {
  const [kind, key] = id.split(":");
  return kind === "page" ? key : undefined;
}

/** Every concrete path of a page (parameters expanded, an optional one left out), with its params. */
export function concreteRoutes(page: PageDefinition): Array<{ path: string; params: Record<string, string> }> {
  let routes = [{ path: page.path.replace(/\/:[^/]+\?$/, ""), params: {} as Record<string, string> }];
  for (const [name, values] of Object.entries(page.params ?? {})) {
    routes = routes.flatMap((route) =>
      values.map((value) => ({
        path: route.path.replace(`:${name}`, value),
        params: { ...route.params, [name]: value },
      })),
    );
  }
  return routes.map((route) => ({ ...route, path: `/${route.path}`.replace(/\/$/, "") || "/" }));
}

/** Every concrete path of a page, without language prefix. */
export function concretePaths(page: PageDefinition): string[] {
  return concreteRoutes(page).map((route) => route.path);
}

/** Throws when a page names a middleware that does not exist (run by app/routes.ts: fails the build). */
export function assertKnownMiddleware(pages: readonly PageDefinition[]): void {
  for (const page of pages) {
    for (const name of page.middleware ?? []) {
      if (!(MIDDLEWARE as readonly string[]).includes(name)) {
        throw new Error(
          `Route table: page "${page.key}" names unknown middleware "${name}" (known: ${MIDDLEWARE.join(", ")})`,
        );
      }
    }
  }
}
