import type { Logger } from "pino";
import type { AppLoadContext } from "react-router";
import type { CaptchaVerifier } from "../core/captcha/captcha";
import type { GeoLookup } from "../core/geo/geo-database";
import type { DatabaseHandle } from "../db/client";
import type { AppInfo } from "../universal/apps/app-registry";
import type { Config } from "./config";

/** What every request handler can reach: set once per process by createApp. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** The React Router request handler; absent in API-only tests. */
  pageHandler?: (request: Request, loadContext: PageLoadContext) => Promise<Response>;
  /** Directory of the built client (hashed assets and prerendered pages); absent in API-only tests. */
  clientDir?: string;
  /** The prerendered pages of clientDir (made by createApp when absent; startServer shares one with the fast path). */
  staticPages?: import("./static-pages/store").StaticPageStore;
  /** The captcha provider chosen by CAPTCHA_PROVIDER. */
  captcha?: CaptchaVerifier;
  /** The built-in sandbox payment processor (its webhook secret is shared by all processes); PAYMENT_MODE=sandbox only. */
  sandbox?: import("../core/billing/providers/sandbox").SandboxProcessor;
  /** The processors of PAYMENT_MODE (set by createApp from the config; tests may pass SDKs aimed at fakes). */
  payments?: import("../core/billing/providers/processors").ProcessorSet;
  /** Wakes the sandbox's webhook deliveries after a payment. */
  onSandboxEvent?: () => void;
  /** Wakes the mail sender after a message is queued (tests and the server pass their own). */
  onMailQueued?: () => void;
  /** Wakes the notice scheduler after a processor's event was applied (a failed renewal is mailed at once). */
  onPaymentEvent?: () => void;
  /** Turns zod failures into the 40000 envelope (set by createApi). */
  validationHook?: import("@hono/zod-openapi").OpenAPIHonoOptions<AppEnv>["defaultHook"];
  /** The geo databases (loaded once per process, on first use); tests may pass a stub-free small one. */
  geo?: () => Promise<GeoLookup>;
  /** The what-is-my-ip lookups (set by createApp from `geo`). */
  ipLookup?: import("./ip-lookup").IpLookupService;
  /** The money-back window in days (decision 035); content/claims.ts's moneyBackDays unless a test sets it. */
  refundWindowDays?: number | null;
  /** True once shutdown has begun: /readyz answers 503 so load balancers drain this process. */
  isShuttingDown?: () => boolean;
}

/** The load context React Router loaders and entry.server receive (declared in app/app.d.ts). */
export type PageLoadContext = AppLoadContext;

export interface AppEnv {
  Variables: {
    requestId: string;
    secureHeadersNonce?: string;
    clientAddress: string;
    logger: Logger;
    /** The calling application (X-App-Type), on API routes. */
    app: AppInfo;
    /** The caller's session, on protected API routes. */
    session: { id: number; user: { id: number; email: string | null; passwordSet: boolean }; via: "bearer" | "cookie" };
  };
}
