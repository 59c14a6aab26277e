import type { Claims } from "./schema";

/** A promise the copy makes only when the operator has set it in content/claims.ts. */
export type ClaimName = "moneyBack" | "noLogs" | "protocols";

/** Whether the operator makes this promise. */
export function makesClaim(claims: Claims, claim: ClaimName): boolean {
  switch (claim) {
    case "moneyBack":
      return claims.moneyBackDays !== null;
    case "noLogs":
      return claims.noLogs;
    case "protocols":
      return claims.protocols.length > 0;
  }
}
