import claimsFile from "../../content/claims";
import { SERVER_LOCATIONS } from "../../content/servers";
import { parseOperatorFile } from "../operator-file";
import { type Claims, claimsSchema } from "./schema";
import { type ServerCounts, serverCounts } from "./server-counts";

/** The operator's promises, validated once. */
export const CLAIMS: Claims = parseOperatorFile(claimsSchema, claimsFile, "content/claims.ts");

/** Countries and cities of content/servers.ts, counted once. */
export const SERVER_COUNTS: ServerCounts = serverCounts(SERVER_LOCATIONS);
