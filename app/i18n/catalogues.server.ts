import type { Locale } from "../../universal/i18n/locales";
import { DEFAULT_LOCALE } from "../../universal/i18n/locales";
import { type Catalogue, type Resources, withinKeyDepth } from "../../universal/i18n/namespaces";

// Every catalogue is bundled into the server build; the client only ever receives the
// namespaces of the page it shows (through loader data).
const files = import.meta.glob<Catalogue>("../../locales/*/*.json", { eager: true, import: "default" });

const catalogues = new Map<string, Catalogue>();
for (const [file, catalogue] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  // SPEC §2: keys nested deeper than three levels are rejected as the catalogue loads.
  if (match) catalogues.set(`${match[1]}/${match[2]}`, withinKeyDepth(catalogue));
}

/**
 * The catalogues of the given namespaces in one language. A catalogue missing in that
 * language falls back to the default language's, logged as SPEC §8 says.
 */
export function loadNamespaces(locale: Locale, namespaces: readonly string[]): Resources {
  const resources: Resources = {};
  for (const namespace of namespaces) {
    const catalogue = catalogues.get(`${locale}/${namespace}`);
    if (catalogue) {
      resources[namespace] = catalogue;
      continue;
    }
    console.warn(`Failed locale loading: ${locale}/${namespace}, using ${DEFAULT_LOCALE}`);
    resources[namespace] = catalogues.get(`${DEFAULT_LOCALE}/${namespace}`) ?? {};
  }
  return resources;
}
