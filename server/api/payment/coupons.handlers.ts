import type { RouteHandler } from "@hono/zod-openapi";
import { resolveSession } from "../../../core/auth/sessions";
import { findPlanItem, isCurrency } from "../../../core/billing/catalogue";
import { quoteCoupon } from "../../../core/billing/redeem-coupon";
import { ipSubject } from "../../../core/security/rate-limits";
import type { AppDeps, AppEnv } from "../../context";
import { sessionToken } from "../../middleware/session";
import { errorReply, ok } from "../envelope";
import { rateLimiter } from "../rate-limited";
import type * as routes from "./coupons.routes";

type CouponDeps = Pick<AppDeps, "database" | "config">;

/** The checkout's coupon quote: thin over core/billing/redeem-coupon.ts. */
export function couponHandlers(deps: CouponDeps) {
  const db = deps.database.db;
  const limited = rateLimiter(db);
  const https = deps.config.PUBLIC_ORIGIN?.startsWith("https:") ?? false;

  const couponQuote: RouteHandler<typeof routes.couponQuote, AppEnv> = async (c) => {
    c.header("Cache-Control", "no-store");
    const tooMany = await limited(c, "couponQuotePerIp", ipSubject(c.get("clientAddress")));
    if (tooMany) return tooMany;
    const query = c.req.valid("query");
    const currency = query.currency && isCurrency(query.currency) ? query.currency : "USD";
    const plan = await findPlanItem(db, query.plan_id, currency);
    if (!plan) return errorReply(c, "validation", { fields: { plan_id: "plan.unknown" } });
    // A visitor has no purchases yet; a signed-in buyer is judged by their orders.
    const found = sessionToken(c, https);
    const session = found ? await resolveSession(db, found.token) : null;
    const userId = session?.status === "valid" ? session.user.id : null;
    const quote = await quoteCoupon(db, {
      code: query.code,
      planId: plan.id,
      currency,
      amountMinor: Math.round(plan.price_amount * 100),
      userId,
    });
    if ("refused" in quote) return errorReply(c, "validation", { fields: { coupon: `coupon.${quote.refused}` } });
    return c.json(
      ok({
        quote: {
          code: quote.code,
          plan_id: plan.id,
          currency,
          list_minor: quote.listMinor,
          discount_minor: quote.discountMinor,
          amount_minor: quote.amountMinor,
          percent_off: quote.percentOff,
        },
      }),
      200,
    );
  };

  return { couponQuote };
}
