import type { Logger } from "pino";
import type { SandboxProcessor } from "../core/billing/providers/sandbox";
import { startBackgroundTask } from "./background-task";

/** The sandbox processor's webhook sender: right after a payment, and every second for retries. */
export function startSandboxDeliveries(sandbox: SandboxProcessor, webhookUrl: string, logger: Logger) {
  return startBackgroundTask("sandbox webhook delivery", () => sandbox.deliverDue(webhookUrl), 1_000, logger);
}
