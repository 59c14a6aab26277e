/**
 * What an operator sets for a production start besides the database and port: the public https
 * origin, mail and the legal details (a production start may refuse to run without them).
 * Nothing listens on the SMTP port: these tests send no mail.
 */
export const PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: "production",
  PAYMENT_MODE: "off",
  PUBLIC_ORIGIN: "https://vpn.example",
  SMTP_URL: "smtp://127.0.0.1:2525",
  MAIL_FROM: "Example VPN <no-reply@vpn.example>",
  SUPPORT_EMAIL: "support@vpn.example",
  PRIVACY_EMAIL: "privacy@vpn.example",
  LEGAL_ENTITY: "Example Networks Ltd",
  LEGAL_ADDRESS: "1 Example Street, Dublin, Ireland",
  GOVERNING_LAW: "Ireland",
};
