import { z } from "@hono/zod-openapi";
import { CURRENCIES, type Currency } from "../../../universal/billing/currencies";
import { appTypeHeader as commonAppTypeHeader } from "../contract";

/** Pieces shared by the payment API's contracts; those of every resource are in ../contract.ts. */

export const tags = ["Payment"];

export const appTypeHeader = commonAppTypeHeader;

/**
 * SPEC §7: providers/plans (optional) and providers/common/params carry `X-From: CJ` when the CJ
 * client cookie exists; the server names it in the request's log line (the visit's attribution).
 */
export const fromHeader = commonAppTypeHeader.extend({
  "x-from": z.enum(["CJ"]).optional().openapi({ description: "CJ when the visitor came through CJ (SPEC §7)" }),
});

export const currencySchema = z.enum(Object.keys(CURRENCIES) as [Currency, ...Currency[]]);
