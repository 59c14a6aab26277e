/**
 * What a production start requires besides payment keys (server/config.ts, decision 026), for
 * tests that start one. Nothing here reaches anyone: nothing listens on port 1 of this machine,
 * so mail a test queues fails to send and is retried (the mail sender logs a warning); a test that
 * reads its mail points SMTP_URL at a receiver of its own instead.
 */
export const PRODUCTION_SETTINGS = {
  PUBLIC_ORIGIN: "https://vpn.example.test",
  SMTP_URL: "smtp://127.0.0.1:1",
  MAIL_FROM: "Example VPN <no-reply@vpn.example.test>",
  SUPPORT_EMAIL: "support@vpn.example.test",
  LEGAL_ENTITY: "Example VPN B.V.",
  LEGAL_ADDRESS: "Street 1, 1000 AA City, the Netherlands",
  GOVERNING_LAW: "the Netherlands",
  PRIVACY_EMAIL: "privacy@vpn.example.test",
} as const;
