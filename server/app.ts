import { randomBytes } from "node:crypto";
import { type Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { readCookies } from "../app/lib/cookies";
import { CURRENCY_COOKIE } from "../app/lib/currency-preference";
import { resolveSession } from "../core/auth/sessions";
import { paymentMethodPage } from "../core/billing/payment-method";
import { WEB_PURCHASE_CODES } from "../core/billing/providers/payment-provider";
import { sandboxProcessor } from "../core/billing/providers/sandbox";
import { visitorPlans } from "../core/billing/visitor-plans";
import { sharedGeoDatabase } from "../core/geo/geo-database";
import { compileTrustProxy } from "../core/net/client-address";
import { offerRefusal } from "../universal/billing/processor-kinds";
import { BRAND } from "../universal/brand/brand";
import { BRAND_FILES } from "../universal/brand/files";
import { splitLocale } from "../universal/i18n/locales";
import { inviteLinks, normaliseInviteCode } from "../universal/invites/invite-code";
import { errorReply, failure } from "./api/envelope";
import { createApi } from "./api/index";
import { PROBE_PATH } from "./api/tools/dns-leak.handlers";
import { contactReportSender } from "./contact-report";
import type { AppDeps, AppEnv } from "./context";
import { devOutboxRouter } from "./dev-outbox";
import { flagsRouter } from "./flags";
import { ipLookupService } from "./ip-lookup";
import { requestBodyLimit } from "./middleware/body-limit";
import { compress } from "./middleware/compress";
import { pageRedirects, routeRuleRedirects } from "./middleware/page-redirects";
import { requestContext } from "./middleware/request-context";
import { securityHeaders } from "./middleware/security-headers";
import { pageFormGuard, sessionToken } from "./middleware/session";
import { paymentsFromConfig } from "./payments";
import { pageReceipts } from "./receipts";
import { sandboxPages } from "./sandbox-pages";
import { seoRouter } from "./seo";
import { prerenderedPages, staticAssets, staticPageStore } from "./static-files";

/** The pages that make the browser resolve the DNS leak test's names (their CSP allows the zone). */
const PROBING_PAGES = new Set(["/dns-leak-test", "/connection-check"]);

const isApiPath = (path: string) => path.startsWith("/api/") || path.startsWith("/ws/");

/**
 * The one request pipeline: request id and logging, security headers, compression,
 * static files, the API, and React Router last for every page.
 */
export function createApp(options: AppDeps) {
  const geo = options.geo ?? sharedGeoDatabase;
  const ipLookup = ipLookupService(options.database.db, geo, (error) =>
    options.logger.error({ err: error }, "geo database failed to load"),
  );
  // The sandbox exists only in PAYMENT_MODE=sandbox, which a production config refuses.
  const sandbox =
    options.config.PAYMENT_MODE === "sandbox"
      ? (options.sandbox ??
        sandboxProcessor(options.database.db, {
          secret: randomBytes(16).toString("hex"),
          origin: options.config.PUBLIC_ORIGIN ?? "http://localhost",
        }))
      : undefined;
  const payments = options.payments ?? paymentsFromConfig(options.config, sandbox);
  const deps: AppDeps & { payments: typeof payments } = { geo, ipLookup, ...options, sandbox, payments };
  const { config, logger } = deps;
  const https = config.PUBLIC_ORIGIN?.startsWith("https:") ?? false;
  const app = new Hono<AppEnv>();
  const publicOrigin = (requestUrl: string) => config.PUBLIC_ORIGIN ?? new URL(requestUrl).origin;
  // Pages see the logged-in user (route middleware `auth`); only a valid session counts.
  const pageUser = async (c: Context<AppEnv>) => {
    const found = sessionToken(c, https);
    if (!found) return null;
    const session = await resolveSession(deps.database.db, found.token);
    return session.status === "valid" ? { id: session.user.id, email: session.user.email } : null;
  };

  // The user and their receipts (the receipt page and its PDF): the issuer is the operator the legal pages name.
  const pageUserAndReceipts = async (c: Context<AppEnv>) => {
    const user = await pageUser(c);
    const issuer = {
      brand: siteInfo.brand,
      legalEntity: siteInfo.legalEntity,
      legalAddress: siteInfo.legalAddress,
      supportEmail: siteInfo.supportEmail,
    };
    // The failed-renewal mail's link: the processor's payment-method page, asked for on each visit.
    const paymentMethodUrl = user
      ? async (subscriptionId: number | null, returnUrl: string) => {
          const page = await paymentMethodPage(
            { db: deps.database.db, processorFor: (name) => payments.byName(name) },
            { userId: user.id, subscriptionId, returnUrl },
          );
          if (!page.ok && page.reason !== "not_found") {
            c.get("logger").warn({ err: page.error, reason: page.reason }, "no payment-method page from the processor");
          }
          return page.ok ? { ok: true as const, url: page.url } : { ok: false as const, reason: page.reason };
        }
      : undefined;
    return { user, receipts: pageReceipts(deps.database.db, issuer, user?.id), paymentMethodUrl };
  };

  // The plans a page shows this visitor, in the same order as the plans API: ?currency= in the
  // page's address, then the remembered choice (cookie), then the country of their address.
  const pagePlans = (clientAddress: string) => async (request: Request) => {
    // Looked up once, and only when needed: no currency asked for, or a way to pay serving some countries only.
    let looked: Promise<string | undefined> | undefined;
    const country = () => {
      looked ??= geo().then((lookup) => lookup.lookup(clientAddress)?.countryCode);
      return looked;
    };
    const found = await visitorPlans(
      deps.database.db,
      { discountFloorPercent: config.DISCOUNT_FLOOR_PERCENT, countryOfAddress: country },
      {
        requested: new URL(request.url).searchParams.get("currency"),
        remembered: readCookies(request.headers.get("cookie") ?? "")[CURRENCY_COOKIE],
      },
    );
    // The ways to pay this visitor can use in that currency, from their country (decision 048).
    const restricted = payments.offers.some((offer) => offer.countries);
    const buyer = { currency: found.currency, country: restricted ? await country() : null };
    const methods = payments.offers
      .filter((offer) => WEB_PURCHASE_CODES.includes(offer.code) && !offerRefusal(offer, buyer))
      .map(({ code, kind }) => ({ code, kind }));
    return { ...found, methods };
  };

  // The WebRTC leak test's STUN server: STUN_URL, else this app's own on the page's host.
  const stunUrl = (requestUrl: string) =>
    config.STUN_URL ?? (config.STUN_PORT > 0 ? `stun:${new URL(requestUrl).hostname}:${config.STUN_PORT}` : null);

  // The DNS leak test's probe hosts `<name>.<zone>`, on the scheme and port visitors use (decision 043).
  const dnsLeakProbe = (requestUrl: string) => {
    if (!config.DNS_LEAK_ZONE) return null;
    const origin = new URL(publicOrigin(requestUrl));
    return { zone: config.DNS_LEAK_ZONE, scheme: origin.protocol, port: origin.port };
  };
  // Only the two pages that probe may load from the zone's names, and only when it is set.
  const probeSources = (c: Context) => {
    const probe = dnsLeakProbe(c.req.url);
    if (!probe || !PROBING_PAGES.has(splitLocale(c.req.path).rest.replace(/\/$/, ""))) return [];
    return [`${probe.scheme}//*.${probe.zone}${probe.port ? `:${probe.port}` : ""}`];
  };

  app.use(requestId({ limitLength: 64 }));
  app.use(requestContext(logger, compileTrustProxy(config.TRUST_PROXY), config.LOG_IP_ADDRESSES));
  // Before anything reads a body: 413 in the envelope on API paths, plain on pages.
  app.use(
    requestBodyLimit((c, limit) =>
      isApiPath(c.req.path)
        ? errorReply(c, "payloadTooLarge", null, `request body over ${limit} bytes`)
        : c.text("Payload Too Large", 413),
    ),
  );
  // What the legal pages name. Unset details say so rather than inventing a company or address.
  const siteInfo = {
    brand: BRAND.name,
    legalEntity: config.LEGAL_ENTITY ?? BRAND.legalEntity ?? `the operator of ${BRAND.name}`,
    legalAddress: config.LEGAL_ADDRESS ?? "(postal address not configured: set LEGAL_ADDRESS)",
    governingLaw: config.GOVERNING_LAW ?? "the country where the operator is established",
    privacyEmail: config.PRIVACY_EMAIL ?? BRAND.privacyEmail ?? config.SUPPORT_EMAIL,
    supportEmail: config.SUPPORT_EMAIL,
  };
  if (
    config.NODE_ENV === "production" &&
    (!(config.LEGAL_ENTITY ?? BRAND.legalEntity) || !config.LEGAL_ADDRESS || !config.GOVERNING_LAW)
  ) {
    logger.warn("LEGAL_ENTITY, LEGAL_ADDRESS or GOVERNING_LAW is not set: the legal pages say so");
  }
  // The help centre is always a fine place to send someone.
  const redirectAllowedHosts = [
    ...config.REDIRECT_ALLOWED_HOSTS,
    ...[config.HELP_CENTER_URL, config.HELP_CENTER_URL_RU, ...Object.values(BRAND.helpCenter)].flatMap((url) =>
      url ? [new URL(url).hostname] : [],
    ),
  ];
  const ipCheckOrigins = { 4: config.IPV4_CHECK_ORIGIN, 6: config.IPV6_CHECK_ORIGIN };
  // Prerendered pages are static files; their CSP hashes are known from the path alone.
  const staticPages =
    deps.staticPages ?? (deps.clientDir ? staticPageStore(deps.clientDir, config.PUBLIC_ORIGIN) : undefined);
  const staticPageFor = (c: Context) =>
    (c.req.method === "GET" || c.req.method === "HEAD") && staticPages
      ? staticPages.lookup(c.req.path, publicOrigin(c.req.url))
      : undefined;
  app.use(
    securityHeaders({
      https,
      captchaProvider: config.CAPTCHA_PROVIDER,
      connectOrigins: Object.values(ipCheckOrigins).flatMap((origin) => (origin ? [new URL(origin).origin] : [])),
      staticPage: staticPageFor,
      probeSources,
      crossOriginPaths: [PROBE_PATH, "/api/tools/my-ip"],
    }),
  );
  app.use(compress());
  // The short invite link (decision 047): to the home page with the invite's attribution, whose
  // language redirect then follows. Before the page redirects, so /i/… is never given a language.
  app.get("/i/:code", (c) => {
    const code = normaliseInviteCode(c.req.param("code"));
    c.header("Cache-Control", "no-store");
    return c.redirect(code ? inviteLinks("", code).link : "/", 302);
  });
  app.use(pageRedirects());
  app.use(routeRuleRedirects(deps.database.db));

  if (deps.clientDir && staticPages) {
    app.use(staticAssets(deps.clientDir));
    app.all("/assets/*", (c) => c.text("Not Found", 404));
    app.use(prerenderedPages(staticPages, (url) => publicOrigin(url)));
  }

  app.route("/", createApi(deps));
  app.route("/", seoRouter(config));
  app.route("/", flagsRouter());
  // Browsers ask for /favicon.ico on pages that name no icon (the sandbox's, a feed reader's view).
  app.get("/favicon.ico", (c) => c.redirect(BRAND_FILES.favicon, 301));
  app.all("/api/*", (c) => errorReply(c, "notFound", null, "no such API path"));
  app.all("/ws/*", (c) => errorReply(c, "notFound", null, "no such API path"));
  if (config.NODE_ENV !== "production") app.route("/", devOutboxRouter(deps.database.db));
  if (deps.sandbox)
    app.route("/", sandboxPages(deps.database.db, deps.sandbox, deps.onSandboxEvent, deps.onPaymentEvent));

  const pageHandler = deps.pageHandler;
  if (pageHandler) {
    const sendContact = contactReportSender(deps);
    app.use("*", pageFormGuard(publicOrigin));
    app.all("*", async (c) =>
      pageHandler(c.req.raw, {
        ...(await pageUserAndReceipts(c)),
        requestId: c.get("requestId"),
        cspNonce: c.get("secureHeadersNonce") ?? "",
        clientAddress: c.get("clientAddress"),
        ipLookup,
        plans: pagePlans(c.get("clientAddress")),
        stunUrl: stunUrl(c.req.url),
        stunIsOwn: !config.STUN_URL,
        ipCheckOrigins,
        dnsLeakProbe: dnsLeakProbe(c.req.url),
        allowForcedFindings: config.NODE_ENV !== "production",
        siteInfo,
        redirectAllowedHosts,
        publicOrigin: publicOrigin(c.req.url),
        accountNumbers: config.ACCOUNT_NUMBERS === "on" && Boolean(config.ACCOUNT_NUMBER_SECRET),
        inviteReward: { months: config.INVITE_REWARD_MONTHS, days: config.INVITE_REWARD_DAYS },
        logError: (error, message) => c.get("logger").error({ err: error }, message),
        sendContactReport: (report) => sendContact(report, c.get("clientAddress"), c.get("logger")),
      }),
    );
  }

  app.onError((error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      if (!isApiPath(c.req.path)) return error.getResponse();
      // Hono's own refusal of a body that is not JSON is bad input like any other (no other is thrown).
      return error.status === 400
        ? errorReply(c, "validation", null, error.message)
        : c.json(failure(error.status * 100, error.message), error.status);
    }
    c.get("logger").error({ err: error }, "unhandled error");
    return isApiPath(c.req.path) ? errorReply(c, "internal") : c.text("Internal Server Error", 500);
  });

  return app;
}
