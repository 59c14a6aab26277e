import type { Logger } from "pino";

/**
 * Runs a task on a timer and on demand (wake), never twice at once; a wake during a run runs it
 * again afterwards. Used by the mail sender and the sandbox's webhook deliveries.
 */
export function startBackgroundTask(name: string, task: () => Promise<unknown>, everyMs: number, logger: Logger) {
  let running: Promise<void> | null = null;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = task()
      .then(() => undefined)
      .catch((error) => logger.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    wake: run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
