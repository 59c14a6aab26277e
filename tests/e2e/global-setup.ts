import { startMailCatcher } from "./mail-catcher";

/** Starts the SMTP receiver the app under test sends its mail to (see playwright.config.ts). */
export default async function globalSetup() {
  const server = await startMailCatcher(Number(process.env.E2E_SMTP_PORT), String(process.env.E2E_MAIL_DIR));
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
