import { layout, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { assertKnownMiddleware, LAYOUT_FILES, LAYOUTS, PAGES, type PageDefinition, routeId } from "./routing/pages";

// An unknown middleware name in the route table stops the build here.
assertKnownMiddleware(PAGES);

/** Wraps a page in its middleware layouts, outermost first. */
function withMiddleware(page: PageDefinition, entry: RouteConfigEntry): RouteConfigEntry {
  return (page.middleware ?? []).reduceRight<RouteConfigEntry>(
    (inner, name) => layout(`routes/middleware/${name}.tsx`, { id: `mw-${name}:${page.key}` }, [inner]),
    entry,
  );
}

/**
 * Every page once, under an optional language segment: `/pricing` and `/de/pricing` are one
 * route (`:lang?/pricing`). The layouts' loaders answer 404 for a segment that is not one of
 * our prefixes. One route per page (not one per page and language) keeps route matching cheap.
 */
const LANG = ":lang?";

const layouts = LAYOUTS.map((layoutName) =>
  layout(
    LAYOUT_FILES[layoutName],
    { id: `layout-${layoutName}` },
    PAGES.filter((page) => page.layout === layoutName).map((page) => {
      const path = `${LANG}/${page.path}`.replace(/\/$/, "");
      return withMiddleware(page, route(path, page.file, { id: routeId(page.key) }));
    }),
  ),
);

// Anything else: the not-found page, with status 404. The id reads back as the "not-found"
// page (pageKeyOfRouteId), so it gets the 404 page's head.
const notFound = layout(LAYOUT_FILES.default, { id: "layout-catch-all" }, [
  route(`${LANG}/*`, "routes/not-found.tsx", { id: `${routeId("not-found")}:catch-all` }),
]);

// The blog's feeds: resource routes (XML, no layout), before the catch-all.
const feeds = ["rss", "atom"].map((kind) =>
  route(`${LANG}/blog/${kind}.xml`, "routes/blog/feed.ts", { id: `feed-${kind}` }),
);

// A receipt's PDF (resource route: the server renders it for the signed-in buyer).
const receiptPdf = route(`${LANG}/myaccount/receipts/:orderId/pdf`, "routes/account/receipt-pdf.ts", {
  id: "receipt-pdf",
});

// The failed-renewal mail's link: a redirect to the processor's payment-method page (resource route).
const paymentMethod = route(`${LANG}/myaccount/payment-method`, "routes/account/payment-method.ts", {
  id: "payment-method",
});

export default [...layouts, ...feeds, receiptPdf, paymentMethod, notFound] satisfies RouteConfig;
