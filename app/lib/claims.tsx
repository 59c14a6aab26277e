import { createContext, type ReactNode, useContext } from "react";
import { CLAIMS, SERVER_COUNTS } from "../../universal/claims/claims";
import { type ClaimName, makesClaim } from "../../universal/claims/makes-claim";
import { PROTOCOL_NAMES } from "../../universal/claims/protocols";
import type { Claims } from "../../universal/claims/schema";
import type { ServerCounts } from "../../universal/claims/server-counts";
import type { IconName } from "../components/sections/icon";

export { type ClaimName, makesClaim };

/** A card of a FeatureGrid that makes a promise: shown only while the operator makes it. */
export interface ClaimCard {
  key: string;
  icon: IconName;
  claim?: ClaimName;
}

/** The items (cards, questions, paragraphs) to show: those tagged with a claim only while it is made. */
export function shownItems<T extends { claim?: ClaimName }>(items: readonly T[], claims: Claims): T[] {
  return items.filter((item) => item.claim === undefined || makesClaim(claims, item.claim));
}

/** The protocols as written in copy ("WireGuard, OpenVPN"), joined the way the language joins a list. */
export function protocolList(claims: Claims, locale: string): string {
  const names = claims.protocols.map((protocol) => PROTOCOL_NAMES[protocol]);
  return new Intl.ListFormat(locale, { type: "conjunction" }).format(names);
}

export interface SiteClaims extends Claims, ServerCounts {}

const ClaimsContext = createContext<SiteClaims>({ ...CLAIMS, ...SERVER_COUNTS });

/** Tests render pages with another operator's claims; the site itself uses content/claims.ts. */
export function ClaimsProvider({ claims, children }: { claims: SiteClaims; children: ReactNode }) {
  return <ClaimsContext.Provider value={claims}>{children}</ClaimsContext.Provider>;
}

/** The operator's claims and the server counts, for the components that make promises. */
export function useClaims(): SiteClaims {
  return useContext(ClaimsContext);
}
