import { createRoute, z } from "@hono/zod-openapi";
import { verificationCodeSchema } from "../../../../universal/validation/account-rules";
import { APP_TYPE_ERRORS, answers, appTypeHeader, json, SESSION_ERRORS, WRITE_ERRORS } from "../../contract";
import { errorResponses } from "../../envelope";
import { base, bearer, RATE_LIMITED, tags } from "../contract";

/** Contracts of the account's own data (decision 041): its export, and its deletion. */

const exportSchema = z
  .object({
    exported_at: z.string(),
    about: z.object({ analytics: z.string(), omitted: z.string(), orders: z.string() }),
    data: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  })
  .openapi("AccountDataExport");

export const dataExport = createRoute({
  method: "get",
  path: `${base}/data_export`,
  tags,
  security: bearer,
  summary:
    "Everything stored about the account, as a JSON file (Content-Disposition: attachment), not in the envelope: one key per table of the personal-data list, SQL column names, secrets (hashes) left out",
  request: { headers: appTypeHeader },
  responses: {
    200: {
      description: "The export file",
      content: { "application/json": { schema: exportSchema } },
    },
    ...errorResponses([...APP_TYPE_ERRORS, ...SESSION_ERRORS]),
  },
});

export const deletionCode = createRoute({
  method: "post",
  path: `${base}/delete_account/code`,
  tags,
  security: bearer,
  summary: "E-mail the account a 6-digit code (10 minutes, single use) that confirms its deletion",
  request: { headers: appTypeHeader, ...json(z.object({})) },
  responses: answers(z.object({ sent: z.literal(true), expires_in: z.number().int() }), [
    ...WRITE_ERRORS,
    ...SESSION_ERRORS,
    ["emailRequired", "an account-number account confirms with its number instead"],
    RATE_LIMITED,
  ]),
});

export const deleteAccount = createRoute({
  method: "post",
  path: `${base}/delete_account`,
  tags,
  security: bearer,
  summary:
    "Delete the account after the password or an e-mailed code: renewals are turned off at the processor first (when one refuses, nothing is deleted: 40121), personal data erased, orders kept without the link to the person, every session ended, a last e-mail sent",
  request: {
    headers: appTypeHeader,
    ...json(
      z
        .object({
          password: z.string().min(1, "password.required").max(200).optional(),
          code: verificationCodeSchema.optional(),
          account_number: z
            .string()
            .max(64)
            .optional()
            .openapi({ description: "An account-number account's own number (decision 042)" }),
        })
        .refine((body) => body.password !== undefined || body.code !== undefined || body.account_number !== undefined, {
          message: "password.required",
          path: ["password"],
        }),
    ),
  },
  responses: answers(z.object({ deleted: z.literal(true) }), [
    "validation",
    ...WRITE_ERRORS,
    ...SESSION_ERRORS,
    "oldPasswordWrong",
    "codeInvalid",
    "accountNumberWrong",
    ["processorRefused", "a payment processor did not turn renewal off: nothing was deleted"],
    RATE_LIMITED,
  ]),
});
