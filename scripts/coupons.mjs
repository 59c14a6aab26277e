// `npm run coupons -- <command> [options]`: the coupon codes the checkout takes (decision 034).
// Like `npm run catalogue`, it asks the running server over HTTP (the operator API under
// /api/operator/v1/coupons, Bearer OPERATOR_TOKEN), so it works against a remote install too.
import { failWith, minorUnits, operatorClient, parseCommandLine } from "./operator-cli.mjs";

const USAGE = `usage: npm run coupons -- <command> [options] [--origin URL] [--json]

commands:
  list                          every coupon (ended ones too) and its redemptions
  create --code CODE (--percent N | --amount AMOUNT --currency CUR)
         [--plans ID,ID] [--starts ISO] [--ends ISO] [--limit N] [--first-purchase]
                                publish a coupon: N% (1-99) or AMOUNT (like 5 or 4.99) off the
                                plan's price, on every payment of the subscription; for some
                                plans (default all), within a window (ISO 8601 times), up to N
                                redemptions, or for first purchases only
  end CODE                      end a coupon now (orders made with it keep their price)

  --origin  the running server, default PUBLIC_ORIGIN or http://localhost:$PORT (3000)
  --json    print the server's answer as JSON
needs OPERATOR_TOKEN in the environment (the server's own value).

example: npm run coupons -- create --code WELCOME20 --percent 20 --plans 1-year --limit 500`;

const fail = failWith("coupons");

const { values, command, rest } = parseCommandLine({
  options: {
    code: { type: "string" },
    percent: { type: "string" },
    amount: { type: "string" },
    currency: { type: "string" },
    plans: { type: "string" },
    starts: { type: "string" },
    ends: { type: "string" },
    limit: { type: "string" },
    "first-purchase": { type: "boolean", default: false },
  },
  usage: USAGE,
  fail,
});
if (!["list", "create", "end"].includes(command)) fail(`unknown command "${command}"\n\n${USAGE}`, 2);

const whole = (name, text) => {
  if (!/^\d+$/.test(text)) fail(`--${name} must be a whole number, not "${text}"`, 2);
  return Number(text);
};
/** "4.99" or "5" in the currency's units -> minor units. */
const money = (text) => minorUnits(text) ?? fail(`--amount must be an amount like 4.99 or 5, not "${text}"`, 2);

const { call } = operatorClient({ base: "/api/operator/v1/coupons", origin: values.origin, fail });

function describe(coupon) {
  const off =
    coupon.percent_off !== null
      ? `${coupon.percent_off}% off`
      : `${coupon.currency} ${(coupon.amount_off / 100).toFixed(2)} off`;
  const limit = coupon.max_redemptions === null ? "no limit" : `limit ${coupon.max_redemptions}`;
  const parts = [
    `${coupon.code}: ${off}, ${coupon.plan_ids ? `plans ${coupon.plan_ids.join(", ")}` : "every plan"}`,
    `${coupon.redemptions} redeemed, ${limit}`,
    coupon.first_purchase_only ? "first purchase only" : null,
    coupon.starts_at ? `from ${coupon.starts_at}` : null,
    coupon.ends_at ? `until ${coupon.ends_at}` : null,
  ];
  return parts.filter(Boolean).join("; ");
}

let data;
if (command === "list") {
  data = await call("GET", "");
} else if (command === "create") {
  if (!values.code) fail("create needs --code", 2);
  if ((values.percent === undefined) === (values.amount === undefined)) fail("create needs --percent or --amount", 2);
  data = await call("POST", "", {
    code: values.code.toUpperCase(),
    percent_off: values.percent === undefined ? null : whole("percent", values.percent),
    amount_off: values.amount === undefined ? null : money(values.amount),
    currency: values.currency ? values.currency.toUpperCase() : null,
    plan_ids: values.plans ? values.plans.split(",").map((plan) => plan.trim()) : null,
    starts_at: values.starts ?? null,
    ends_at: values.ends ?? null,
    max_redemptions: values.limit === undefined ? null : whole("limit", values.limit),
    first_purchase_only: values["first-purchase"],
  });
} else {
  const code = rest[0] ?? values.code;
  if (!code) fail("end needs the code, e.g. npm run coupons -- end WELCOME20", 2);
  data = await call("POST", `/${encodeURIComponent(code.toUpperCase())}/end`);
}

if (values.json) console.log(JSON.stringify(data, null, 2));
else if (command === "list") {
  console.log(data.coupons.length === 0 ? "no coupons yet (create)" : data.coupons.map(describe).join("\n"));
} else console.log(describe(data.coupon));
