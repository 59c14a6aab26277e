import claimsFile from "../../content/claims";
import { SERVER_LOCATIONS } from "../../content/servers";
import { type Claims, claimsSchema } from "./schema";
import { type ServerCounts, serverCounts } from "./server-counts";

function loadClaims(): Claims {
  const parsed = claimsSchema.safeParse(claimsFile);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`content/claims.ts: ${issue?.path.join(".") || "claims"} ${issue?.message ?? "is invalid"}`);
  }
  return parsed.data;
}

/** The operator's promises, validated once. */
export const CLAIMS: Claims = loadClaims();

/** Countries and cities of content/servers.ts, counted once. */
export const SERVER_COUNTS: ServerCounts = serverCounts(SERVER_LOCATIONS);
