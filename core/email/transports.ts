import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { MailTransport } from "./outbox";

/** SMTP through nodemailer (SMTP_URL). */
export function smtpTransport(smtpUrl: string): MailTransport & { close(): void } {
  const transporter = nodemailer.createTransport(smtpUrl);
  const send: MailTransport = async (message) => {
    await transporter.sendMail(message);
  };
  return Object.assign(send, { close: () => transporter.close() });
}

/**
 * No SMTP_URL: the message stays in the outbox table (listed at /dev/outbox outside production)
 * and is written to the log; in production only the address and subject are logged.
 */
export function localOutboxTransport(logger: Logger, options: { production: boolean }): MailTransport {
  return async (message) => {
    logger.info(
      options.production
        ? { to: message.to, subject: message.subject }
        : { to: message.to, subject: message.subject, text: message.text },
      "mail kept in the local outbox (no SMTP_URL)",
    );
  };
}
