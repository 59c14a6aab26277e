import { createContext, useContext } from "react";

/**
 * Prerendered pages are rendered at build time, before any request has a nonce.
 * They carry this placeholder, which the server swaps for the request's nonce when it serves them.
 */
export const PRERENDER_NONCE_PLACEHOLDER = "PrerenderNoncePlaceholder0";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
