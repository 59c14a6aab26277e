/** Namespaces every page loads besides its own (SPEC §2: header, location, footer; plus common UI text). */
export const SHARED_NAMESPACES = ["common", "header", "footer", "location"] as const;

/** Namespaces that belong to no single page: e-mails (server), the account forms' messages, two-factor sign-in (login, account, checkout). */
export const EXTRA_NAMESPACES = ["email", "forms", "twofactor"] as const;

/** Catalogues are nested at most three levels deep (SPEC §2); deeper keys are rejected. */
export const MAX_KEY_DEPTH = 3;

export type Catalogue = { [key: string]: string | Catalogue };
export type Resources = Record<string, Catalogue>;

/**
 * The catalogue as SPEC §2 loads it: texts nested deeper than MAX_KEY_DEPTH are silently left out
 * (`a.b.c` is a text; `a.b.c.d` never is). The catalogue test keeps our own files within the limit;
 * this keeps a deeper key from reaching a page anyway (an operator's edited file, a merge).
 */
export function withinKeyDepth(catalogue: Catalogue, depth = 1): Catalogue {
  const kept: Catalogue = {};
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === "string") kept[key] = value;
    else if (depth < MAX_KEY_DEPTH) kept[key] = withinKeyDepth(value, depth + 1);
  }
  return kept;
}
