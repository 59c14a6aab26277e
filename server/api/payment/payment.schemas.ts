import { z } from "@hono/zod-openapi";
import { CURRENCIES, type Currency } from "../../../universal/billing/currencies";
import { appTypeHeader as commonAppTypeHeader } from "../contract";

/** Pieces shared by the payment API's contracts; those of every resource are in ../contract.ts. */

export const tags = ["Payment"];

export const appTypeHeader = commonAppTypeHeader.extend({ "x-from": z.string().optional() });

export const currencySchema = z.enum(Object.keys(CURRENCIES) as [Currency, ...Currency[]]);
