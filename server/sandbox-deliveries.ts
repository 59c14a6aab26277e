import type { Logger } from "pino";
import type { SandboxProcessor } from "../core/billing/providers/sandbox";

/** The sandbox processor's webhook sender: right after a payment, and every second for retries. */
export function startSandboxDeliveries(sandbox: SandboxProcessor, webhookUrl: string, logger: Logger) {
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= sandbox
      .deliverDue(webhookUrl)
      .catch((error) => logger.error({ err: error }, "sandbox webhook delivery error"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, 1_000);
  timer.unref();
  return {
    wake: run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
