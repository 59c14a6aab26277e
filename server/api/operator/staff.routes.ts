import { createRoute, z } from "@hono/zod-openapi";
import { OPERATOR_ERRORS } from "../contract";
import { envelopeSchema, errorResponses } from "../envelope";

/**
 * The operator token's part in the console (decision 051): make an existing account an owner, the
 * first one or another. Audited as "token". `npm run staff -- owner <email>` is a client of this call.
 */
export const STAFF_OWNER_PATH = "/api/operator/v1/staff/owner";

export const makeOwner = createRoute({
  method: "post",
  path: STAFF_OWNER_PATH,
  tags: ["Operator"],
  summary: "Make the account with this e-mail address an owner of the operator console",
  security: [{ bearerAuth: [] }],
  request: {
    body: {
      content: {
        "application/json": {
          schema: z.object({ email: z.string().trim().toLowerCase().email().max(254) }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: {
      description: "The account is an owner (again)",
      content: {
        "application/json": {
          schema: envelopeSchema(z.object({ user_id: z.number().int(), was: z.string().nullable() })),
        },
      },
    },
    ...errorResponses([
      ["validation", "not an e-mail address"],
      ...OPERATOR_ERRORS,
      ["staffAccountNotFound", "no account has this address: sign up first"],
    ]),
  },
});
