/** SPEC §7 provider codes. Each maps to a processor in the payment mode, or to none (not offered). */
export const PROVIDER_CODES = ["s1", "pd", "ps", "rz", "gap", "tpa", "so"] as const;
export type ProviderCode = (typeof PROVIDER_CODES)[number];
