import type { Logger } from "pino";
import { deliverDueMail, type MailTransport } from "../core/email/outbox";
import { localOutboxTransport, smtpTransport } from "../core/email/transports";
import type { Database } from "../db/client";
import { startBackgroundTask } from "./background-task";
import type { Config } from "./config";

/**
 * Sends queued mail: right after a message is queued (wake) and every few seconds for retries.
 * Every process runs one; claiming in the database keeps a message from going out twice.
 */
export function startMailSender(db: Database, config: Config, logger: Logger) {
  const transport: MailTransport & { close?: () => void } = config.SMTP_URL
    ? smtpTransport(config.SMTP_URL)
    : localOutboxTransport(logger, { production: config.NODE_ENV === "production" });
  const task = startBackgroundTask(
    "mail sender",
    async () => {
      // Codes leave the outbox with the mail. Only the local outbox of development keeps them:
      // there /dev/outbox is the mailbox developers read; in production nothing reads it.
      const redactDelivered = Boolean(config.SMTP_URL) || config.NODE_ENV === "production";
      const { failed } = await deliverDueMail(db, transport, { from: config.MAIL_FROM, redactDelivered });
      if (failed > 0) logger.warn({ failed }, "mail delivery failed; will retry");
    },
    5_000,
    logger,
  );
  return {
    wake: task.wake,
    async stop() {
      await task.stop();
      transport.close?.();
    },
  };
}
