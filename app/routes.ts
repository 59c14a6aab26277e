import { index, layout, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { LOCALES } from "./i18n/locales";
import { assertKnownMiddleware, LAYOUTS, type LayoutName, PAGES, type PageDefinition, routeId } from "./routing/pages";

// An unknown middleware name in the route table stops the build here.
assertKnownMiddleware(PAGES);

const LAYOUT_FILES: Record<LayoutName, string> = {
  default: "layouts/default.tsx",
  blog: "layouts/blog.tsx",
  standalone: "layouts/standalone.tsx",
};

/** Wraps a page in its middleware layouts, outermost first. */
function withMiddleware(locale: string, page: PageDefinition, entry: RouteConfigEntry): RouteConfigEntry {
  return (page.middleware ?? []).reduceRight<RouteConfigEntry>(
    (inner, name) => layout(`routes/middleware/${name}.tsx`, { id: `${locale}:${page.key}:mw-${name}` }, [inner]),
    entry,
  );
}

/** Every page in every language: "" prefix for English, "/de" and so on for the others. */
function routesFor(locale: string): RouteConfigEntry[] {
  const prefix = locale === "en" ? "" : `${locale}/`;
  const layouts = LAYOUTS.map((layoutName) =>
    layout(
      LAYOUT_FILES[layoutName],
      { id: `${locale}:layout-${layoutName}` },
      PAGES.filter((page) => page.layout === layoutName).map((page) => {
        const path = `${prefix}${page.path}`.replace(/\/$/, "");
        const id = routeId(locale, page.key);
        return withMiddleware(locale, page, path ? route(path, page.file, { id }) : index(page.file, { id }));
      }),
    ),
  );
  // Anything else under this language: the not-found page, with status 404.
  const notFound = layout(LAYOUT_FILES.default, { id: `${locale}:layout-catch-all` }, [
    // The id reads back as the "not-found" page (pageKeyOfRouteId), so it gets the 404 page's head.
    route(`${prefix}*`, "routes/not-found.tsx", { id: `${routeId(locale, "not-found")}:catch-all` }),
  ]);
  return [...layouts, notFound];
}

export default LOCALES.flatMap((locale) => routesFor(locale.code)) satisfies RouteConfig;
