import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { seedDemoData } from "../../core/demo/seed";
import type { GeoRecord } from "../../core/geo/geo-database";
import type { DatabaseHandle } from "../../db/client";
import type { PageLoadContext } from "../../server/context";
import type { VisitorPlans } from "../../universal/billing/plan-item";
import { apiClient } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

const BRITISH_ADDRESS = "81.2.69.160";
const AUSTRALIAN_ADDRESS = "1.128.0.1";
const PLANS = "/api/mms/payment/v1/providers/plans";

/**
 * The plans a page's loader gets from its load context (`context.plans(request)`) follow the
 * plans API's order: ?currency= in the page's address, then the remembered currency, then the
 * country of the caller's address; and they are the API's plans.
 */
describe.each(testDatabaseTargets())("the plans of a page's load context on $name", (target) => {
  let database: DatabaseHandle;
  let lookups: string[];
  let app: ReturnType<typeof createTestApp>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    lookups = [];
    // The server's own lookup, without loading the real geo databases.
    const geo = async () => ({
      lookup: (address: string) => {
        lookups.push(address);
        const countryCode = { [BRITISH_ADDRESS]: "GB", [AUSTRALIAN_ADDRESS]: "AU" }[address] ?? "";
        return { countryCode } as GeoRecord;
      },
    });
    // A page handler that answers what its loader would get.
    const pageHandler = async (request: Request, context: PageLoadContext) =>
      Response.json(await context.plans?.(request));
    app = createTestApp(database, { env: { TRUST_PROXY: "loopback" }, deps: { geo, pageHandler } });
  });
  afterEach(async () => database.close());

  const pagePlans = async (path: string, from: string, cookie?: string) => {
    const response = await app.request(path, {
      headers: { "x-forwarded-for": from, ...(cookie ? { cookie } : {}) },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as VisitorPlans;
  };

  it.each([
    { case: "the country of the address", path: "/pricing", from: BRITISH_ADDRESS, cookie: undefined, currency: "GBP" },
    { case: "another country", path: "/de/pricing", from: AUSTRALIAN_ADDRESS, cookie: undefined, currency: "AUD" },
    { case: "elsewhere: dollars", path: "/", from: "192.0.2.1", cookie: undefined, currency: "USD" },
    {
      case: "the remembered choice over the country",
      path: "/",
      from: BRITISH_ADDRESS,
      cookie: "currency=CAD",
      currency: "CAD",
    },
    {
      case: "?currency= over the cookie",
      path: "/pricing?currency=AUD",
      from: BRITISH_ADDRESS,
      cookie: "a=1; currency=CAD",
      currency: "AUD",
    },
    {
      case: "an unknown ?currency= is ignored",
      path: "/pricing?currency=JPY",
      from: BRITISH_ADDRESS,
      cookie: "currency=CAD",
      currency: "CAD",
    },
    {
      case: "a bad cookie is ignored",
      path: "/pricing",
      from: AUSTRALIAN_ADDRESS,
      cookie: "currency=constructor",
      currency: "AUD",
    },
  ])("$case -> $currency", async ({ path, from, cookie, currency }) => {
    const found = await pagePlans(path, from, cookie);
    expect(found.currency).toBe(currency);
    expect(found.plans.length).toBeGreaterThan(0);
    expect(found.plans.every((plan) => plan.currency === currency)).toBe(true);
    expect(found.discount).toMatch(/^\d+%$/);
  });

  it("looks the address up only when the visitor asked for no currency", async () => {
    await pagePlans("/pricing?currency=GBP", AUSTRALIAN_ADDRESS);
    await pagePlans("/pricing", AUSTRALIAN_ADDRESS, "currency=GBP");
    expect(lookups).toEqual([]);
    await pagePlans("/pricing", AUSTRALIAN_ADDRESS);
    expect(lookups).toEqual([AUSTRALIAN_ADDRESS]);
  });

  it("gives a page the plans, saving and currency the plans API gives the same caller", async () => {
    const page = await pagePlans("/pricing", BRITISH_ADDRESS, "currency=AUD");
    const api = await apiClient(app)("GET", PLANS, {
      headers: { "x-forwarded-for": BRITISH_ADDRESS, cookie: "currency=AUD" },
    });
    expect(api.body.data).toEqual({
      plans: page.plans,
      discount_percent: page.discount,
      currency: page.currency,
      auto_coupon: null,
    });
  });
});
