import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { findPlanItem, isCurrency } from "../core/billing/catalogue";
import { findOrder } from "../core/billing/orders";
import { SANDBOX_CARDS, type SandboxCharge, type SandboxProcessor } from "../core/billing/providers/sandbox";
import { orderLocale, purchaseReturnUrls } from "../core/billing/return-urls";
import { advanceInviteClock } from "../core/invites/invites";
import type { Database } from "../db/client";
import { subscriptions } from "../db/schema";
import { localizePath } from "../universal/i18n/locales";
import type { AppEnv } from "./context";

const escapeText = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The sandbox processor's hosted payment page. It stands for a payment provider's own page
 * (which speaks the provider's language), so it is a plain English test page, test cards only;
 * it returns the buyer to the shop in their own language.
 */
export function sandboxPages(
  db: Database,
  sandbox: SandboxProcessor,
  onEvent: () => void = () => {},
  onClockMoved: () => void = () => {},
) {
  const app = new Hono<AppEnv>();
  const page = (title: string, body: string) =>
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeText(title)}</title><meta name="robots" content="noindex"></head><body><main><h1>${escapeText(title)}</h1>${body}</main></body></html>`;

  const orderFor = async (id: string) => {
    const order = await findOrder(db, id);
    if (order?.processor !== "sandbox") return null;
    const plan = await findPlanItem(db, order.planId, isCurrency(order.currency) ? order.currency : "USD");
    const charge: SandboxCharge = {
      orderId: order.id,
      months: plan?.months ?? 1,
      amountMinor: order.amount,
      currency: order.currency,
      planId: order.planId,
    };
    return { order, charge };
  };
  /** Back to the shop's status page in the language the buyer bought in (/de/paystatus…). */
  const returnTo = (order: { id: string; provider: string; clientInfo: string }) =>
    purchaseReturnUrls({
      origin: "",
      locale: orderLocale(order.clientInfo),
      orderId: order.id,
      provider: order.provider,
    }).returnUrl;

  app.get("/sandbox/checkout/:orderId", async (c) => {
    const found = await orderFor(c.req.param("orderId"));
    if (!found) return c.html(page("Sandbox payment", "<p>Unknown order.</p>"), 404);
    const { order } = found;
    c.header("Cache-Control", "no-store");
    return c.html(
      page(
        "Sandbox payment (test mode)",
        `<p>Order <code>${escapeText(order.id)}</code>: ${escapeText(order.currency)} ${(order.amount / 100).toFixed(2)}</p>
<form method="post"><label for="card">Card number</label> <input id="card" name="card" inputmode="numeric" autocomplete="off" required> <button type="submit">Pay</button></form>
<p>Test cards: ${SANDBOX_CARDS.succeeds} succeeds, ${SANDBOX_CARDS.declined} is declined, ${SANDBOX_CARDS.confirmation} asks for a confirmation step.</p>
<form method="post"><input type="hidden" name="cancel" value="1"><button type="submit">Cancel and go back</button></form>`,
      ),
    );
  });

  app.post("/sandbox/checkout/:orderId", async (c) => {
    const found = await orderFor(c.req.param("orderId"));
    if (!found) return c.html(page("Sandbox payment", "<p>Unknown order.</p>"), 404);
    const { order, charge } = found;
    const form = await c.req.parseBody();
    if (form.cancel) {
      await sandbox.confirm(charge, false);
      onEvent();
      return c.redirect(returnTo(order), 303);
    }
    if (form.confirm) {
      await sandbox.confirm(charge, form.confirm === "yes");
      onEvent();
      return c.redirect(returnTo(order), 303);
    }
    const outcome = await sandbox.pay(charge, String(form.card ?? ""));
    if (outcome === "unknown_card") {
      return c.html(
        page(
          "Sandbox payment (test mode)",
          `<p role="alert">Use one of the test cards.</p><p><a href="/sandbox/checkout/${escapeText(order.id)}">Back</a></p>`,
        ),
        400,
      );
    }
    if (outcome === "needs_confirmation") {
      return c.html(
        page(
          "Confirm your payment (test mode)",
          `<p>Your bank asks you to confirm this payment.</p><form method="post"><input type="hidden" name="card" value=""><button type="submit" name="confirm" value="yes">Confirm</button> <button type="submit" name="confirm" value="no">Cancel</button></form>`,
        ),
      );
    }
    onEvent();
    return c.redirect(returnTo(order), 303);
  });
  /** A sandbox subscription by the reference the sandbox gave it, with its first order's charge. */
  const subscriptionFor = async (reference: string) => {
    const [subscription] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.processor, "sandbox"), eq(subscriptions.providerSubscriptionId, reference)));
    return subscription?.orderId ? orderFor(subscription.orderId) : null;
  };
  const accountOf = (order: { clientInfo: string }) => localizePath("/myaccount", orderLocale(order.clientInfo));

  // The processor's "update your card" page, where the failed-renewal mail leads (through the account).
  app.get("/sandbox/payment-method/:reference", async (c) => {
    const found = await subscriptionFor(c.req.param("reference"));
    if (!found) return c.html(page("Sandbox payment method", "<p>Unknown subscription.</p>"), 404);
    c.header("Cache-Control", "no-store");
    return c.html(
      page(
        "Update your payment method (test mode)",
        `<p>Subscription of order <code>${escapeText(found.order.id)}</code>. The renewal is charged again to the new card.</p>
<form method="post"><label for="card">New card number</label> <input id="card" name="card" inputmode="numeric" autocomplete="off" required> <button type="submit">Save card</button></form>
<p>Test cards: ${SANDBOX_CARDS.succeeds} succeeds, ${SANDBOX_CARDS.declined} is declined.</p>
<p><a href="${escapeText(accountOf(found.order))}">Back to my account</a></p>`,
      ),
    );
  });

  app.post("/sandbox/payment-method/:reference", async (c) => {
    const found = await subscriptionFor(c.req.param("reference"));
    if (!found) return c.html(page("Sandbox payment method", "<p>Unknown subscription.</p>"), 404);
    const form = await c.req.parseBody();
    const outcome = await sandbox.updatePaymentMethod(found.charge, String(form.card ?? ""));
    if (outcome !== "succeeded") {
      const message = outcome === "declined" ? "The card was declined." : "Use one of the test cards.";
      return c.html(
        page(
          "Update your payment method (test mode)",
          `<p role="alert">${message}</p><p><a href="/sandbox/payment-method/${encodeURIComponent(c.req.param("reference"))}">Back</a></p>`,
        ),
        400,
      );
    }
    onEvent();
    return c.redirect(accountOf(found.order), 303);
  });

  // Test control, as a processor's test clock: the next renewal of this subscription is refused.
  app.post("/sandbox/subscriptions/:reference/fail-renewal", async (c) => {
    const found = await subscriptionFor(c.req.param("reference"));
    if (!found) return c.json({ error: "unknown subscription" }, 404);
    await sandbox.failRenewal(found.charge);
    onEvent();
    return c.json({ renewal: "failed" });
  });
  // Test control, as a processor's test clock (decision 047): `days` pass for this order's pending
  // invite rewards, which the invite job then grants.
  app.post("/sandbox/orders/:orderId/advance-invite-clock", async (c) => {
    const days = Number(c.req.query("days") ?? "0");
    if (!Number.isInteger(days) || days < 1 || days > 366) return c.json({ error: "days: 1 to 366" }, 400);
    const found = await orderFor(c.req.param("orderId"));
    if (!found) return c.json({ error: "unknown order" }, 404);
    const moved = await advanceInviteClock(db, found.order.id, days);
    onClockMoved();
    return c.json({ rewards: moved });
  });
  return app;
}
