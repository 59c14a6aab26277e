/** Namespaces every page loads besides its own (SPEC §2: header, location, footer; plus common UI text). */
export const SHARED_NAMESPACES = ["common", "header", "footer", "location"] as const;

/** Namespaces that belong to no single page: e-mails (server) and the account forms' messages. */
export const EXTRA_NAMESPACES = ["email", "forms"] as const;

/** Catalogues are nested at most three levels deep (SPEC §2); deeper keys are rejected. */
export const MAX_KEY_DEPTH = 3;

export type Catalogue = { [key: string]: string | Catalogue };
export type Resources = Record<string, Catalogue>;
