import type { Database } from "../../db/client";
import { ingestProviderEvent, orderOfSubscription } from "./orders";
import type { ProcessorSet } from "./providers/processors";

export type WebhookResult =
  /** No processor of this payment mode has webhooks at this path (another mode's path is unknown). */
  | { outcome: "unknown_processor" }
  /** The signature or the payload is not valid: nothing stored. */
  | { outcome: "bad_signature" }
  /** A genuine event of a kind that moves no subscription. */
  | { outcome: "ignored" }
  /** Stored (event id unique per processor), then applied; `rejected` says why it changed nothing. */
  | {
      outcome: "received";
      eventId: string;
      duplicate: boolean;
      receiptQueued: boolean;
      refundNoticeQueued: boolean;
      rejected: string | null;
    };

/**
 * A processor's webhook: verified over the exact bytes it signed, stored first, then applied in
 * one transaction (/api/webhooks/sandbox, /api/webhooks/stripe/production, …).
 */
export async function receiveWebhook(
  deps: { db: Database; payments: Pick<ProcessorSet, "forWebhook"> },
  input: { processor: string; pathEnvironment: string | undefined; rawBody: string; headers: Headers },
): Promise<WebhookResult> {
  const processor = deps.payments.forWebhook(input.processor, input.pathEnvironment);
  if (!processor) return { outcome: "unknown_processor" };
  const event = await processor.parseWebhook(input.rawBody, input.headers);
  if (event === null) return { outcome: "bad_signature" };
  if (event === "ignored") return { outcome: "ignored" };
  // An event that names only the subscription (a Paddle refund) belongs to the order it was bought with.
  const orderId = event.orderId || (await orderOfSubscription(deps.db, processor.name, event.subscriptionRef));
  if (!orderId) return { outcome: "ignored" };
  const applied = await ingestProviderEvent(deps.db, processor.name, { ...event, orderId });
  return { outcome: "received", eventId: event.eventId, ...applied };
}
