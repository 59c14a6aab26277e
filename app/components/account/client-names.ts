import { type Locale, localeInfo } from "../../../universal/i18n/locales";
import type { AccountSession } from "./account-api";

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** A session's name in the list: "Chrome on Windows", the app and its platform, or a plain "Web browser". */
export function sessionClientName(
  t: Translate,
  session: Pick<AccountSession, "client" | "app_name" | "platform" | "browser" | "os">,
): string {
  if (session.client === "app") {
    return t("sessions.app", { app: session.app_name ?? "", platform: session.platform ?? "" });
  }
  if (session.browser && session.os) return t("sessions.browserOn", { browser: session.browser, os: session.os });
  return session.browser ?? session.os ?? t("sessions.unknownBrowser");
}

/** A country's name in the page's language (the browser's own list), or the "unknown" text. */
export function countryName(code: string | null, locale: Locale, unknown: string): string {
  if (!code) return unknown;
  try {
    return new Intl.DisplayNames([localeInfo(locale).iso], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}
