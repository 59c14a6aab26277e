/**
 * The invite_source value of a visitor who came with from=invite (SPEC §9). Its own
 * zod-free module: the pure rules (attribution.ts, in the browser) and the schema (attribution.schema.ts,
 * on the server) both need it, and neither may import the other's values.
 */
export const INVITE_SOURCE = "30001";
