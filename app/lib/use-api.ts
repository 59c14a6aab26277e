import { useCallback } from "react";
import { useT } from "../i18n/translator";
import { ApiError, api } from "./api";
import { useLocale } from "./use-page";

/** The API client bound to this page's language (for the logged-out confirmation and redirects). */
export function useApi() {
  const { locale } = useLocale();
  const t = useT("common");
  return useCallback(
    <T = Record<string, unknown>>(method: "GET" | "POST", path: string, body?: unknown) =>
      api<T>(method, path, body, { locale, confirmLoggedOut: () => window.confirm(t("sessionEnded")) }),
    [locale, t],
  );
}

/** The translated message for a failed call (forms namespace). */
export function apiErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    const code = String(error.envelope.code);
    return [
      "40000",
      "40101",
      "40102",
      "40103",
      "40105",
      "40106",
      "40107",
      "40108",
      "40109",
      "40110",
      "40120",
      "40121",
      "40300",
      "40404",
      "42900",
    ].includes(code)
      ? `api.${code}`
      : "api.generic";
  }
  if (error instanceof TypeError) return "api.network";
  return "api.generic";
}

/** Field errors of a 40000 answer, as forms keys per field. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fields : {};
}
