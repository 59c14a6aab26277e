import { createRoute, z } from "@hono/zod-openapi";
import { emailSchema, verificationCodeSchema } from "../../../../universal/validation/account-rules";
import { answers, appTypeHeader, json, SESSION_ERRORS, WRITE_ERRORS } from "../../contract";
import { base, bearer, RATE_LIMITED, tags, userSchema } from "../contract";

/** Contracts of changing the account's e-mail address, and of undoing a change from the old address. */

export const emailChangeRequest = createRoute({
  method: "post",
  path: `${base}/change_email/request`,
  tags,
  security: bearer,
  summary: "Send a code to the new address (40000 with email.same for the current address, 40150 when taken)",
  request: { headers: appTypeHeader, ...json(z.object({ new_email: emailSchema })) },
  responses: answers(z.object({ sent: z.literal(true), expires_in: z.number().int() }), [
    "validation",
    ...WRITE_ERRORS,
    ...SESSION_ERRORS,
    "emailInUse",
    RATE_LIMITED,
  ]),
});

export const emailChangeConfirm = createRoute({
  method: "post",
  path: `${base}/change_email/confirm`,
  tags,
  security: bearer,
  summary:
    "Switch to the new address with the code it received; the old address is told, with a link that undoes the change for 72 hours",
  request: {
    headers: appTypeHeader,
    ...json(z.object({ new_email: emailSchema, code: verificationCodeSchema })),
  },
  responses: answers(userSchema, [
    "validation",
    ...WRITE_ERRORS,
    ...SESSION_ERRORS,
    "codeInvalid",
    "emailInUse",
    RATE_LIMITED,
  ]),
});

export const emailChangeUndo = createRoute({
  method: "post",
  path: `${base}/change_email/undo`,
  tags,
  summary:
    "The old address's link: restore it and end every session of the account (no session needed; 40151 with data.reason when the link is unknown, used or expired)",
  request: { headers: appTypeHeader, ...json(z.object({ token: z.string().min(1).max(200) })) },
  responses: answers(z.object({ email: z.string() }), ["validation", ...WRITE_ERRORS, "undoLinkInvalid", RATE_LIMITED]),
});
