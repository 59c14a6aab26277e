import "react-router";

declare module "react-router" {
  /** Filled by the Hono server for each request (server/context.ts, PageLoadContext). */
  interface AppLoadContext {
    requestId: string;
    cspNonce: string;
    clientAddress: string;
    /** PUBLIC_ORIGIN, else the request's own origin. */
    publicOrigin: string;
    /** ACCOUNT_NUMBERS=on: /login offers account numbers (decision 042). */
    accountNumbers?: boolean;
    /** Logs an error of this request (with its request id) in the server's structured log. */
    logError?: (error: unknown, message: string) => void;
    /** The what-is-my-ip lookups (geo database, rate limits). */
    ipLookup?: import("../universal/geo/ip-lookup").IpLookupService;
    /**
     * The plans this visitor is shown, priced as the plans API prices them: ?currency= in the
     * request's address, then the remembered currency (cookie), then the country of their address.
     */
    plans?: (request: Request) => Promise<import("../universal/billing/plan-item").VisitorPlans>;
    /** The STUN server the WebRTC leak test gathers candidates against; null when none runs. */
    stunUrl?: string | null;
    /** Whether stunUrl is this app's own STUN server (false: STUN_URL names someone else's). */
    stunIsOwn?: boolean;
    /**
     * The DNS leak test's probe hosts (decision 043): `<name>.<zone>` on this scheme and port; null
     * when DNS_LEAK_ZONE is not set.
     */
    dnsLeakProbe?: { zone: string; scheme: string; port: string } | null;
    /** Findings forced by the connection check's `?findings=` (never in production): the page's e2e. */
    allowForcedFindings?: boolean;
    /** This app on IPv4-only / IPv6-only host names, to show a dual-stack visitor's other address. */
    ipCheckOrigins?: { 4?: string; 6?: string };
    /** The operator's details the legal pages name (server/config.ts). */
    siteInfo?: import("./content/legal.server").SiteInfo;
    /** Hosts /redirect may forward to (REDIRECT_ALLOWED_HOSTS and the help centre). */
    redirectAllowedHosts?: string[];
    /** Sends a contact-us report exactly as the API does (limits, captcha, storage, mail): server/contact-report.ts. */
    sendContactReport?: (
      report: import("../universal/support/contact-submission").ContactSubmission,
    ) => Promise<import("../universal/support/contact-submission").ContactOutcome>;
    /** The logged-in user's receipts: the page and its PDF (server/receipts.ts); null for others' orders. */
    receipts?: import("../universal/billing/payment-record").PageReceipts;
    /**
     * The processor's page to update the card of one of the logged-in user's subscriptions (null:
     * the one whose renewal failed), asked for on each visit (server/app.ts); absent for visitors.
     */
    paymentMethodUrl?: (
      subscriptionId: number | null,
      returnUrl: string,
    ) => Promise<{ ok: true; url: string } | { ok: false; reason: string }>;
    /** What an invited friend's first purchase earns each side (decision 047); absent or 0 and 0: no offer. */
    inviteReward?: { months: number; days: number };
    /** The logged-in user, from the session cookie; absent for anonymous visitors. */
    user?: { id: number; email: string | null } | null;
  }
}
