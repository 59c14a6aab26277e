import { useCallback } from "react";
import { messageKeyForCode } from "../../universal/api/errors";
import { useT } from "../i18n/translator";
import { ApiError, api } from "./api";
import { useLocale } from "./use-page";

/** The API client bound to this page's language (for the logged-out confirmation and redirects). */
export function useApi() {
  const { locale } = useLocale();
  const t = useT("common");
  return useCallback(
    <T = Record<string, unknown>>(
      method: "GET" | "POST",
      path: string,
      body?: unknown,
      headers?: Record<string, string>,
    ) => api<T>(method, path, body, { locale, confirmLoggedOut: () => window.confirm(t("sessionEnded")) }, headers),
    [locale, t],
  );
}

/** The translated message for a failed call (forms namespace). */
export function apiErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    return messageKeyForCode(error.envelope.code);
  }
  if (error instanceof TypeError) return "api.network";
  return "api.generic";
}

/** Field errors of a 40000 answer, as forms keys per field. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fields : {};
}
