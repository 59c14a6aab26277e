import type { RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ProcessorSet } from "../../../core/billing/providers/processors";
import { receiveWebhook } from "../../../core/billing/receive-webhook";
import type { AppDeps, AppEnv } from "../../context";
import { errorReply, ok } from "../envelope";
import type * as routes from "./webhooks.routes";

type WebhooksDeps = Pick<AppDeps, "database" | "onMailQueued" | "onPaymentEvent"> & { payments: ProcessorSet };

export function webhookHandlers(deps: WebhooksDeps) {
  const db = deps.database.db;

  const receive = async (c: Context<AppEnv>, name: string, pathEnvironment: string | undefined) => {
    // Raw text, never the JSON validator's copy: the signature covers the exact bytes sent.
    const rawBody = await c.req.raw.text();
    const result = await receiveWebhook(
      { db, payments: deps.payments },
      { processor: name, pathEnvironment, rawBody, headers: c.req.raw.headers },
    );
    switch (result.outcome) {
      case "unknown_processor":
        return errorReply(c, "notFound", null, "unknown processor");
      case "bad_signature":
        c.get("logger").warn({ processor: name }, "webhook with a bad signature refused");
        return errorReply(c, "badSignature");
      case "ignored":
        return c.json(ok({ received: true, duplicate: false }), 200);
      case "received":
        if (result.receiptQueued || result.refundNoticeQueued) deps.onMailQueued?.();
        if (!result.duplicate) deps.onPaymentEvent?.();
        // Answered 200 all the same: the processor delivered it; retrying would not change our answer.
        if (result.rejected) {
          c.get("logger").warn({ processor: name, eventId: result.eventId, reason: result.rejected }, "event rejected");
        }
        return c.json(ok({ received: true, duplicate: result.duplicate }), 200);
    }
  };

  const sandboxWebhook: RouteHandler<typeof routes.sandboxWebhook, AppEnv> = (c) =>
    receive(c, c.req.valid("param").processor, undefined);

  const processorWebhook: RouteHandler<typeof routes.processorWebhook, AppEnv> = (c) => {
    const { processor, environment } = c.req.valid("param");
    return receive(c, processor, environment);
  };

  return { sandboxWebhook, processorWebhook };
}
