import { data, type LoaderFunctionArgs } from "react-router";
import { CLAIMS } from "../../universal/claims/claims";
import { makesClaim } from "../../universal/claims/makes-claim";
import { type Locale, splitLocale } from "../../universal/i18n/locales";
import type { Catalogue, Resources } from "../../universal/i18n/namespaces";
import { loadNamespaces } from "../i18n/catalogues.server";
import { namespaceOfPage } from "../i18n/page-namespace";
import { pageMetaVars } from "./meta-vars";
import { DEFAULT_TEXTS, type PageTexts, pageByKey } from "./pages";

export interface PageData {
  page: string;
  namespace: string;
  locale: Locale;
  i18n: Resources;
  /** Values for the {{placeholders}} of the page's meta.title / meta.description / heading. */
  metaVars: Record<string, string>;
  /** Catalogue keys of the page's title, description, heading and intro. */
  texts: PageTexts;
  /** The languages this page exists in, when not all (a blog article without every translation). */
  alternates?: Locale[];
  /** Open Graph type: "article" for blog articles. */
  ogType?: "website" | "article";
  /** From the route table, so the browser needs no copy of it: open to crawlers, header over the hero. */
  indexable: boolean;
  transparentNav: boolean;
}

/** Reads "a.b.c" out of a catalogue (server side, for values the loader needs, such as a country name). */
export function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: Catalogue | string | undefined = catalogue;
  for (const part of key.split(".")) {
    if (typeof node !== "object") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * The loader every page starts with: 404 for a parameter outside the page's allowed values,
 * then the page's translation namespace in the URL's language (shipped to the client with it)
 * and the values of its texts' placeholders.
 */
export function loadPage(args: LoaderFunctionArgs, pageKey: string, extra: { namespaces?: string[] } = {}): PageData {
  const page = pageByKey(pageKey);
  if (!page) throw new Error(`unknown page ${pageKey}`);
  if (page.claim && !makesClaim(CLAIMS, page.claim)) throw data(null, { status: 404 });
  for (const [name, allowed] of Object.entries(page.params ?? {})) {
    const value = args.params[name];
    if (value === undefined || !allowed.includes(value)) throw data(null, { status: 404 });
  }
  const { locale } = splitLocale(new URL(args.request.url).pathname);
  const namespace = namespaceOfPage(pageKey);
  const i18n = loadNamespaces(locale, [namespace, ...(extra.namespaces ?? [])]);
  const find = (ns: string, key: string) => lookup(i18n[ns] ?? loadNamespaces(locale, [ns])[ns], key);
  return {
    page: pageKey,
    namespace,
    locale,
    i18n,
    metaVars: pageMetaVars(pageKey, args.params, find),
    texts: page.texts ?? DEFAULT_TEXTS,
    indexable: page.indexable,
    transparentNav: Boolean(page.transparentNav),
  };
}
