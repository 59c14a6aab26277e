import { useSyncExternalStore } from "react";
import { useLocation, useMatches, useRouteLoaderData } from "react-router";
import { type Locale, localizePath, splitLocale } from "../../universal/i18n/locales";
import { type PageKind, pageKindOfKey } from "../routing/page-kind";
import type { PageData } from "../routing/page-loader.server";
import { isSignedIn, subscribeUserInfo } from "./user-info";

/** What the browser knows of the page being shown (the route table stays on the server). */
export interface CurrentPage {
  key: string;
  kind: PageKind;
  /** From the loader: false on error screens, which are not indexed and have no hero. */
  indexable: boolean;
  transparentNav: boolean;
}

/** The page being shown and its loader data (undefined on error screens). Route ids are `page:<key>`. */
export function useCurrentPage(): { page: CurrentPage | undefined; data: PageData | undefined } {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const [prefix, key] = match?.id.split(":") ?? [];
    if (prefix !== "page" || !key) continue;
    const data = match?.loaderData as PageData | undefined;
    const page = {
      key,
      kind: pageKindOfKey(key),
      indexable: data?.indexable ?? false,
      transparentNav: data?.transparentNav ?? false,
    };
    return { page, data };
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
