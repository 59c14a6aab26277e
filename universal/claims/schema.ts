import { z } from "zod";
import { PROTOCOL_NAMES, type Protocol } from "./protocols";

/**
 * What an operator's claims file (content/claims.ts) may say: the promises the site makes in its
 * copy. Checked when the claims module loads, so a bad value fails the build (prerendering imports
 * it) and the start. A promise left unset (null, false, an empty list) is not shown on any page.
 */

export { PROTOCOL_NAMES, type Protocol };

const PROTOCOLS = Object.keys(PROTOCOL_NAMES) as [Protocol, ...Protocol[]];

export const claimsSchema = z
  .object({
    /**
     * Days after a first purchase in which a buyer gets a full refund, self-served from their
     * account (decision 035); null or 0: no money-back promise, and no self-served refund.
     */
    moneyBackDays: z
      .number()
      .int()
      .min(0)
      .max(365)
      .nullable()
      .transform((days) => (days === 0 ? null : days)),
    /** Whether the servers keep no logs of traffic, DNS queries, connection times or source addresses. */
    noLogs: z.boolean(),
    /** An independent audit or report of the no-logs policy (https), linked next to the promise. */
    noLogsReportUrl: z
      .string()
      .url()
      .refine((url) => url.startsWith("https://"), "must be an https address")
      .nullable(),
    /** The protocols the apps offer, in the order to list them. */
    protocols: z
      .array(z.enum(PROTOCOLS))
      .refine((list) => new Set(list).size === list.length, "lists a protocol twice"),
  })
  .strict()
  .refine((claims) => claims.noLogs || claims.noLogsReportUrl === null, {
    message: "needs noLogs: true (a report of a promise the site does not make)",
    path: ["noLogsReportUrl"],
  });

export type Claims = z.output<typeof claimsSchema>;

/** A site that promises nothing: what an operator starts from when it has not vouched for anything yet. */
export const NO_CLAIMS: Claims = { moneyBackDays: null, noLogs: false, noLogsReportUrl: null, protocols: [] };
