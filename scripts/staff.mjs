// `npm run staff -- owner <email>`: make an account an owner of the operator console (decision 051),
// the first one or another after a loss. It asks the running server over HTTP (the operator API's
// /api/operator/v1/staff/owner, Bearer OPERATOR_TOKEN), which records it in the audit log as "token".
// Every other staff change (invitations, roles, removal) is made by an owner in the console at /operator.
import { failWith, operatorClient, parseCommandLine } from "./operator-cli.mjs";

const USAGE = `usage: npm run staff -- owner <email> [--origin URL] [--json]

commands:
  owner <email>   make the account with this address an owner of the operator console
                  (it must exist: sign up first). The owner then invites staff at /operator.

  --origin  the running server, default PUBLIC_ORIGIN or http://localhost:$PORT (3000)
  --json    print the server's answer as JSON
needs OPERATOR_TOKEN in the environment (the server's own value).

example: npm run staff -- owner ops@example.com`;

const fail = failWith("staff");
const { values, command, rest } = parseCommandLine({ options: {}, usage: USAGE, fail });
if (command !== "owner") fail(`unknown command "${command}"\n\n${USAGE}`, 2);
const [email] = rest;
if (!email || rest.length > 1) fail(`owner takes one e-mail address\n\n${USAGE}`, 2);

const { call, origin } = operatorClient({ base: "/api/operator/v1/staff", origin: values.origin, fail });
const data = await call("POST", "/owner", { email });
if (values.json) console.log(JSON.stringify(data, null, 2));
else
  console.log(
    `${email} (account ${data.user_id}) is an owner${data.was ? ` (was ${data.was})` : ""}: sign in at ${origin}/operator`,
  );
