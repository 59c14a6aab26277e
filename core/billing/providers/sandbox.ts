import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { sandboxDeliveries, sandboxPayments } from "../../../db/schema";
import { prorationQuote } from "../plan-switch-rules";
import type {
  ChargeDetails,
  PaymentProcessor,
  PlanChangeQuote,
  PlanChangeRequest,
  ProviderEvent,
} from "./payment-provider";
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload, verifySandboxSignature } from "./sandbox-signature";

/** Test cards, as a real processor's test mode has them. */
export const SANDBOX_CARDS = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  confirmation: "4000002500003155",
} as const;

export type SandboxOutcome = "succeeded" | "declined" | "needs_confirmation" | "unknown_card";

interface SandboxEventBody {
  id: string;
  type: "payment_succeeded" | "payment_failed" | "declined" | "abandoned";
  order_id: string;
  subscription: string;
  created: number;
  period_end?: number;
  /** What was charged (on payment_succeeded), as a real processor reports it. */
  amount?: number;
  currency?: string;
  plan_id?: string;
}

/** The order as the sandbox's payment page charges it. */
export interface SandboxCharge {
  orderId: string;
  months: number;
  amountMinor: number;
  currency: string;
  planId: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The built-in sandbox processor: a hosted payment page served by this app, asynchronous
 * confirmation by HMAC-signed webhooks to this app, retried until delivered. Every provider code
 * maps to it when that provider has no keys outside production.
 */
export function sandboxProcessor(db: Database, options: { secret: string; origin: string }) {
  const eventBody = (paymentId: string, charge: SandboxCharge, type: SandboxEventBody["type"], now = new Date()) => {
    const body: SandboxEventBody = {
      id: `evt_${paymentId}_${type}`,
      type,
      order_id: charge.orderId,
      subscription: `sub_${charge.orderId}`,
      created: Math.floor(now.getTime() / 1000),
      ...(type === "payment_succeeded"
        ? {
            period_end: Math.floor((now.getTime() + charge.months * 30.44 * DAY_MS) / 1000),
            amount: charge.amountMinor,
            currency: charge.currency,
            plan_id: charge.planId,
          }
        : {}),
    };
    return body;
  };

  const toEvent = (body: SandboxEventBody): ProviderEvent => {
    const at = new Date(body.created * 1000);
    const charge: ChargeDetails | undefined =
      body.amount !== undefined && body.currency
        ? { amountMinor: body.amount, currency: body.currency, ...(body.plan_id ? { planId: body.plan_id } : {}) }
        : undefined;
    return {
      eventId: body.id,
      orderId: body.order_id,
      subscriptionRef: body.subscription,
      environment: "sandbox",
      ...(charge ? { charge } : {}),
      event:
        body.type === "payment_succeeded"
          ? { type: "payment_succeeded", at, periodEnd: new Date((body.period_end ?? body.created) * 1000) }
          : { type: body.type, at },
    };
  };

  async function settle(charge: SandboxCharge, type: SandboxEventBody["type"]): Promise<void> {
    const paymentId = randomBytes(8).toString("hex");
    await db.insert(sandboxPayments).values({ id: paymentId, orderId: charge.orderId, status: type });
    const body = eventBody(paymentId, charge, type);
    await db
      .insert(sandboxDeliveries)
      .values({ eventId: body.id, orderId: charge.orderId, body: JSON.stringify(body) });
  }

  /** The sandbox prorates as Stripe and Paddle do for a new interval (plan-switch-rules.ts). */
  const quote = (request: PlanChangeRequest, now = new Date()): PlanChangeQuote => {
    if (request.timing === "at_renewal") {
      return {
        amountDueMinor: request.target.amountMinor,
        currency: request.currency,
        effectiveAt: request.current.periodEnd,
        periodEnd: null,
      };
    }
    // The credit as of the preview's moment (request.prorationDate); the new period starts now.
    const prorated = prorationQuote({
      currentPriceMinor: request.current.amountMinor,
      currentMonths: request.current.months,
      currentPeriodEnd: request.current.periodEnd,
      targetPriceMinor: request.target.amountMinor,
      targetMonths: request.target.months,
      now: request.prorationDate,
    });
    return {
      amountDueMinor: prorated.amountDueMinor,
      currency: request.currency,
      effectiveAt: now,
      periodEnd: new Date(prorated.periodEnd.getTime() + (now.getTime() - request.prorationDate.getTime())),
    };
  };

  const processor: PaymentProcessor & {
    pay(charge: SandboxCharge, card: string): Promise<SandboxOutcome>;
    confirm(charge: SandboxCharge, accept: boolean): Promise<void>;
    failRenewal(charge: SandboxCharge): Promise<void>;
    updatePaymentMethod(charge: SandboxCharge, card: string): Promise<"succeeded" | "declined" | "unknown_card">;
    deliverDue(webhookUrl: string, fetcher?: typeof fetch): Promise<number>;
  } = {
    name: "sandbox",
    environment: "sandbox",
    async createPurchase(request) {
      return {
        webUrl: `${options.origin}/sandbox/checkout/${request.orderId}`,
        reference: `sandbox_${request.orderId}`,
      };
    },
    async lookupEvents(order) {
      const deliveries = await db
        .select()
        .from(sandboxDeliveries)
        .where(eq(sandboxDeliveries.orderId, order.id))
        .orderBy(asc(sandboxDeliveries.id));
      return deliveries.map((delivery) => toEvent(JSON.parse(delivery.body) as SandboxEventBody));
    },
    async parseWebhook(rawBody, headers) {
      if (
        !verifySandboxSignature(
          options.secret,
          rawBody,
          headers.get(SANDBOX_SIGNATURE_HEADER),
          Math.floor(Date.now() / 1000),
        )
      ) {
        return null;
      }
      try {
        const body = JSON.parse(rawBody) as SandboxEventBody;
        if (typeof body.id !== "string" || typeof body.order_id !== "string") return null;
        return toEvent(body);
      } catch {
        return null;
      }
    },
    async cancelSubscription() {
      // The sandbox keeps no renewals of its own: cancelling is recorded by the app's state alone.
      return { renewalOff: true };
    },
    async resumeSubscription() {
      // As for cancelling: the app's own state is the sandbox's whole record of renewal.
    },
    async refundPurchase(request) {
      // The sandbox's own record of the money going back; its answer is immediate, as a card refund.
      await db
        .insert(sandboxPayments)
        .values({ id: randomBytes(8).toString("hex"), orderId: request.orderId, status: "refunded" });
      return "refunded";
    },
    async paymentMethodUrl(request) {
      // The sandbox's own page (server/sandbox-pages.ts); it sends the customer back to their account.
      return `${options.origin}/sandbox/payment-method/${encodeURIComponent(request.subscriptionRef)}`;
    },
    /** What a real processor reports when the card is refused at the renewal: the subscription turns past due. */
    async failRenewal(charge) {
      await settle(charge, "payment_failed");
    },
    /** A new card for a subscription whose renewal failed: a working one pays the renewal at once, as Stripe's retry does. */
    async updatePaymentMethod(charge, card) {
      const digits = card.replace(/\D/g, "");
      if (digits === SANDBOX_CARDS.succeeds) {
        await settle(charge, "payment_succeeded");
        return "succeeded";
      }
      return digits === SANDBOX_CARDS.declined ? "declined" : "unknown_card";
    },
    async previewPlanChange(request) {
      return quote(request);
    },
    async changePlan(request) {
      // Charged at once to the card on file, as a processor's prorated invoice is; its record here.
      const paymentId = randomBytes(8).toString("hex");
      await db.insert(sandboxPayments).values({
        id: paymentId,
        orderId: request.orderId,
        status:
          request.timing === "now" ? `plan_change:${request.target.planId}` : `plan_scheduled:${request.target.planId}`,
      });
      return { ...quote(request), reference: `sandbox_switch_${paymentId}` };
    },
    async cancelPlanChange(request) {
      await db
        .insert(sandboxPayments)
        .values({ id: randomBytes(8).toString("hex"), orderId: request.orderId, status: "plan_schedule_canceled" });
    },
    async pay(charge, card) {
      const digits = card.replace(/\D/g, "");
      if (digits === SANDBOX_CARDS.succeeds) {
        await settle(charge, "payment_succeeded");
        return "succeeded";
      }
      if (digits === SANDBOX_CARDS.declined) {
        await settle(charge, "declined");
        return "declined";
      }
      if (digits === SANDBOX_CARDS.confirmation) return "needs_confirmation";
      return "unknown_card";
    },
    async confirm(charge, accept) {
      await settle(charge, accept ? "payment_succeeded" : "abandoned");
    },
    /** Posts due webhooks to the app; failures are retried with backoff (30 s, 1 min, … 1 h). */
    async deliverDue(webhookUrl, fetcher = fetch) {
      // The database's clock, which stamped next_attempt_at: Node's milliseconds can trail its
      // microseconds, and a delivery queued in the same millisecond would wait a minute.
      const now = sql`now()`;
      const due = await db
        .select()
        .from(sandboxDeliveries)
        .where(
          and(
            isNull(sandboxDeliveries.deliveredAt),
            lte(sandboxDeliveries.nextAttemptAt, now),
            sql`${sandboxDeliveries.attempts} < 12`,
          ),
        )
        .orderBy(asc(sandboxDeliveries.id))
        .limit(20);
      let delivered = 0;
      for (const delivery of due) {
        const [claimed] = await db
          .update(sandboxDeliveries)
          .set({ attempts: sql`${sandboxDeliveries.attempts} + 1`, nextAttemptAt: sql`now() + interval '60 seconds'` })
          .where(
            and(
              eq(sandboxDeliveries.id, delivery.id),
              isNull(sandboxDeliveries.deliveredAt),
              lte(sandboxDeliveries.nextAttemptAt, now),
            ),
          )
          .returning();
        if (!claimed) continue;
        try {
          const signature = signSandboxPayload(options.secret, claimed.body, Math.floor(Date.now() / 1000));
          const response = await fetcher(webhookUrl, {
            method: "POST",
            headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signature },
            body: claimed.body,
            signal: AbortSignal.timeout(10_000),
          });
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          await db
            .update(sandboxDeliveries)
            .set({ deliveredAt: new Date() })
            .where(eq(sandboxDeliveries.id, claimed.id));
          delivered++;
        } catch {
          const backoff = Math.min(30_000 * 2 ** Math.max(0, claimed.attempts - 1), 60 * 60 * 1000);
          await db
            .update(sandboxDeliveries)
            .set({ nextAttemptAt: sql`now() + ${backoff} * interval '1 millisecond'` })
            .where(eq(sandboxDeliveries.id, claimed.id));
        }
      }
      return delivered;
    },
  };
  return processor;
}

export type SandboxProcessor = ReturnType<typeof sandboxProcessor>;
