import { lazy, type ReactNode, Suspense } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { BRAND } from "../universal/brand/brand";
import { BRAND_FILES } from "../universal/brand/files";
import { localeInfo, splitLocale } from "../universal/i18n/locales";
import { type Resources, SHARED_NAMESPACES } from "../universal/i18n/namespaces";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";
import { ClientRuntime } from "./components/client-runtime";
import { CONSENT_BANNER_END_ID } from "./components/consent-banner";
import { DocumentLinks } from "./components/document-links";
import { FatalError } from "./components/fatal-error";
import { NavigationScroll } from "./components/navigation-scroll";
import { ServerHtml } from "./components/server-html";
import { loadNamespaces } from "./i18n/catalogues.server";
import { TranslatorProvider } from "./i18n/translator";
import { type IslandName, type IslandsHandle, islandModule, islandPreloads } from "./islands/island-scripts";
import { wireConsentBanner } from "./lib/consent-banner";
import { ANSWERED_SCRIPT } from "./lib/consent-client";
import { useNonce } from "./lib/csp-nonce";
import { ORIGIN_PLACEHOLDER } from "./lib/origin";
import { popupsAllowedOn } from "./lib/quiet-pages";
import { useConsent } from "./lib/use-consent";
import { useCurrentPage } from "./lib/use-page";

export function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = splitLocale(new URL(request.url).pathname);
  return {
    locale,
    // Prerendered pages get the real origin swapped in when served (see ORIGIN_PLACEHOLDER).
    origin: context?.publicOrigin ?? ORIGIN_PLACEHOLDER,
    // Pages rendered per request know the session, so the header shows "My account" at once;
    // prerendered pages say false and the header follows the stored USERINFO after hydration.
    signedIn: Boolean(context?.user),
    i18n: loadNamespaces(locale, SHARED_NAMESPACES),
  };
}

/** The shared catalogues change only with the language. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (splitLocale(currentUrl.pathname).locale !== splitLocale(nextUrl.pathname).locale) return true;
  return defaultShouldRevalidate;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  const info = localeInfo(root?.locale ?? splitLocale(pathname).locale);
  // Documents (marketing, blog, legal, errors) load no React: only their islands (decision 031).
  const isApp = useCurrentPage().page?.kind === "app";
  return (
    <html lang={info.iso} dir={info.dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant, under the CSP nonce */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ANSWERED_SCRIPT }} />
        {/* The first paint waits until the cookie banner, the last block of every server page, is
            parsed: a frame with half the page would make the banner a late largest paint. */}
        <link rel="expect" href={`#${CONSENT_BANNER_END_ID}`} blocking="render" />
        <link rel="icon" href={BRAND_FILES.favicon} type="image/svg+xml" />
        <link rel="manifest" href={BRAND_FILES.manifest} />
        <meta name="theme-color" content={BRAND.colours.primary} />
        {/* precedence: React puts the stylesheet ahead of the module preloads, so it is fetched first. */}
        <link rel="stylesheet" href={appStylesheet} precedence="high" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-ink-900 antialiased">
        {children}
        {/* The browser renders app pages only: the island scripts' code stays on the server. */}
        {isApp || !import.meta.env.SSR ? <Scripts nonce={nonce} /> : <IslandScripts nonce={nonce} />}
      </body>
    </html>
  );
}

/** The island modules of a document page: "page" and "promotions" on every one, plus those its routes name. */
function IslandScripts({ nonce }: { nonce: string | undefined }) {
  const named = useMatches().flatMap((match) => (match.handle as IslandsHandle | undefined)?.islands ?? []);
  // "promotions": any document page may show a popup (home also its promotion block).
  const islands = [...new Set<IslandName>(["page", "promotions", ...named])];
  const modules = islands.map(islandModule);
  return (
    <>
      {/* Their shared chunks at once, not one import level per round trip. */}
      {islandPreloads(modules).map((href) => (
        <link key={href} rel="modulepreload" href={href} nonce={nonce} />
      ))}
      {modules.map((module) => (
        <script key={module.src} type="module" src={module.src} nonce={nonce} />
      ))}
    </>
  );
}

/** Every route's loader data may carry `i18n` catalogues: the translator gets all of them. */
function useRouteResources(): Resources[] {
  return useMatches()
    .map((match) => (match.loaderData as { i18n?: Resources } | undefined)?.i18n)
    .filter((resources): resources is Resources => Boolean(resources));
}

export default function App({ loaderData }: Route.ComponentProps) {
  const resources = useRouteResources();
  return (
    <TranslatorProvider locale={loaderData.locale} resources={resources}>
      <NavigationScroll />
      <DocumentLinks />
      <ClientRuntime locale={loaderData.locale} />
      <Outlet />
      <Overlays />
      <DocumentPromotions locale={loaderData.locale} />
    </TranslatorProvider>
  );
}

// Loaded only when needed, after the page is interactive: most visits never show one.
const PopupHost = lazy(() => import("./components/promotions/popup-host"));

/**
 * The cookie banner is in the server's HTML, so it paints with the page instead of arriving late
 * (it would be the page's largest paint); ANSWERED_SCRIPT hides it before the first paint for
 * visitors who have answered. Once answered, possibly one popup.
 */
function Overlays() {
  const consent = useConsent();
  return (
    <>
      {/* The server's markup in the browser too (decision 059); app.css hides it once answered. */}
      <ServerHtml name="consent-banner" props={{}} wire={wireConsentBanner} />
      {consent.settled && consent.choice ? (
        <Suspense fallback={null}>
          <PopupHost />
        </Suspense>
      ) : null}
    </>
  );
}

// Rendered for documents only, on the server: lazy keeps it (and the popup frame) out of the apps' shell.
const PromotionTemplates = lazy(() =>
  import("./components/promotions/promotion-templates").then((module) => ({ default: module.PromotionTemplates })),
);

/** A document page's promotion texts for its island (apps render theirs with React: PopupHost). */
function DocumentPromotions({ locale }: { locale: string }) {
  const { page } = useCurrentPage();
  if (page?.kind !== "document" || !popupsAllowedOn(page.key)) return null;
  return <PromotionTemplates pageKey={page.key} locale={locale} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  const locale = root?.locale ?? splitLocale(pathname).locale;
  return (
    <TranslatorProvider locale={locale} resources={root?.i18n ? [root.i18n] : []}>
      <FatalError error={error} locale={locale} />
    </TranslatorProvider>
  );
}
