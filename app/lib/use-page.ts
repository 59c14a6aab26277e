import { useSyncExternalStore } from "react";
import { useLocation, useMatches, useRouteLoaderData } from "react-router";
import { type Locale, localizePath, splitLocale } from "../../universal/i18n/locales";
import type { PageData } from "../routing/page-loader.server";
import { type PageDefinition, pageByKey, pageKeyOfRouteId } from "../routing/pages";
import { isSignedIn, subscribeUserInfo } from "./user-info";

/** The page being shown: its definition and its loader data (undefined on error screens). */
export function useCurrentPage(): { page: PageDefinition | undefined; data: PageData | undefined } {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const key = match ? pageKeyOfRouteId(match.id) : undefined;
    const page = key ? pageByKey(key) : undefined;
    if (page) return { page, data: match?.loaderData as PageData | undefined };
  }
  return { page: undefined, data: undefined };
}

export interface RootData {
  locale: Locale;
  origin: string;
  signedIn: boolean;
}

/** The current language, and a function giving a path in it: to("/pricing") -> "/de/pricing". */
export function useLocale(): { locale: Locale; rest: string; to: (rest: string) => string; origin: string } {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const { pathname } = useLocation();
  const { locale, rest } = splitLocale(pathname);
  const current = root?.locale ?? locale;
  return { locale: current, rest, origin: root?.origin ?? "", to: (target: string) => localizePath(target, current) };
}

/** Whether the visitor is signed in: the server's answer while hydrating, then the browser's. */
export function useSignedIn(): boolean {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const serverSawSession = Boolean(root?.signedIn);
  return useSyncExternalStore(
    subscribeUserInfo,
    () => isSignedIn(serverSawSession),
    () => serverSawSession,
  );
}
