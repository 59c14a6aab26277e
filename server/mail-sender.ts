import type { Logger } from "pino";
import { deliverDueMail, type MailTransport } from "../core/email/outbox";
import { localOutboxTransport, smtpTransport } from "../core/email/transports";
import type { Database } from "../db/client";
import type { Config } from "./config";

const POLL_MS = 5_000;

/**
 * Sends queued mail: right after a message is queued (wake) and every few seconds for retries.
 * Every process runs one; claiming in the database keeps a message from going out twice.
 */
export function startMailSender(db: Database, config: Config, logger: Logger) {
  const transport: MailTransport & { close?: () => void } = config.SMTP_URL
    ? smtpTransport(config.SMTP_URL)
    : localOutboxTransport(logger, { production: config.NODE_ENV === "production" });
  let running: Promise<void> | null = null;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = deliverDueMail(db, transport, { from: config.MAIL_FROM })
      .then(({ failed }) => {
        if (failed > 0) logger.warn({ failed }, "mail delivery failed; will retry");
      })
      .catch((error) => logger.error({ err: error }, "mail sender error"))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, POLL_MS);
  timer.unref();
  return {
    wake: run,
    async stop() {
      clearInterval(timer);
      await running;
      transport.close?.();
    },
  };
}
