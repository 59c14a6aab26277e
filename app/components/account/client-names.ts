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

// One list of region names per language: building one loads locale data, and the VPN setup card
// names every location (80 ms of a slow phone's main thread when each name built its own).
const regionNames = new Map<string, Intl.DisplayNames>();

/** A country's name in the page's language (the browser's own list), or the "unknown" text. */
export function countryName(code: string | null, locale: Locale, unknown: string): string {
  if (!code) return unknown;
  const iso = localeInfo(locale).iso;
  try {
    let names = regionNames.get(iso);
    if (!names) {
      names = new Intl.DisplayNames([iso], { type: "region" });
      regionNames.set(iso, names);
    }
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
