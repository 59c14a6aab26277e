// `npm run catalogue -- <command> [options]`: the plans, prices and provider price ids that the
// site sells. Like `npm run report`, it asks the running server over HTTP (the operator API under
// /api/operator/v1/catalogue, Bearer OPERATOR_TOKEN): it works against a remote install, and the
// embedded database can only be opened by the server process that holds it. Decision 025.
import { failWith, minorUnits, operatorClient, parseCommandLine } from "./operator-cli.mjs";

const USAGE = `usage: npm run catalogue -- <command> [options] [--origin URL] [--json]

commands:
  list                                  every plan (hidden ones too), its prices and price ids
  add-plan --id ID --months N --devices N [--ips N] [--order N] [--default] [--hidden]
                                        a new plan; it is for sale once it has a price
  set-price --plan ID --currency CUR --list AMOUNT --sale AMOUNT [--trial AMOUNT]
                                        the plan's price in a currency of content/currencies.ts (USD, EUR, …), for new purchases
                                        (orders keep the price they were made at);
                                        without --trial the plan has no trial price
  edit-plan ID [--months N] [--devices N] [--ips N] [--order N]
                                        change a plan; once bought, its months stay and its
                                        limits only go up (add a new plan for other terms)
  hide-plan ID                          stop selling a plan (its subscriptions go on)
  show-plan ID                          sell a hidden plan again
  set-default ID                        the plan the checkout preselects ("Best value")
  map-price-id --plan ID --provider CODE (--price-id ID | --remove)
                                        the plan's price or product id at a provider (s1 = Stripe,
                                        pd = Paddle: price_..., pri_...)

AMOUNT is money in the currency's units, like 12.99 or 47 (= 47.00). --list is the reference
price a saving is measured against; --sale is what the buyer pays. Equal amounts = no discount:
then no "save" badge shows anywhere.

  --origin  the running server, default PUBLIC_ORIGIN or http://localhost:$PORT (3000)
  --json    print the server's answer as JSON
needs OPERATOR_TOKEN in the environment (the server's own value).

example, a first plan on an empty catalogue:
  npm run catalogue -- add-plan --id 1-month --months 1 --devices 5
  npm run catalogue -- set-price --plan 1-month --currency USD --list 9.99 --sale 9.99`;

const COMMANDS = [
  "list",
  "add-plan",
  "edit-plan",
  "set-price",
  "hide-plan",
  "show-plan",
  "set-default",
  "map-price-id",
];

const fail = failWith("catalogue");

const { values, command, rest } = parseCommandLine({
  options: {
    id: { type: "string" },
    plan: { type: "string" },
    months: { type: "string" },
    devices: { type: "string" },
    ips: { type: "string" },
    order: { type: "string" },
    default: { type: "boolean", default: false },
    hidden: { type: "boolean", default: false },
    currency: { type: "string" },
    list: { type: "string" },
    sale: { type: "string" },
    trial: { type: "string" },
    provider: { type: "string" },
    "price-id": { type: "string" },
    remove: { type: "boolean", default: false },
  },
  usage: USAGE,
  fail,
});
if (!COMMANDS.includes(command)) fail(`unknown command "${command}" (one of ${COMMANDS.join(", ")})\n\n${USAGE}`, 2);

/** A required option, or a clear line naming it. */
const required = (name) => {
  const value = values[name];
  if (value === undefined || value === "") fail(`${command} needs --${name}  (npm run catalogue -- --help)`, 2);
  return value;
};
/** The plan of edit-plan/hide-plan/show-plan/set-default: the first word after the command, or --plan. */
const planArgument = () => {
  const plan = rest[0] ?? values.plan;
  if (!plan) fail(`${command} needs the plan id, e.g. npm run catalogue -- ${command} 1-month`, 2);
  return plan;
};
const whole = (name, text) => {
  if (!/^-?\d+$/.test(text)) fail(`--${name} must be a whole number, not "${text}"`, 2);
  return Number(text);
};
/** "12.99" or "47" in the currency's units -> minor units (every catalogue currency has 100). */
const money = (name, text) =>
  minorUnits(text) ?? fail(`--${name} must be an amount like 12.99 or 47, not "${text}"`, 2);

const { origin, call } = operatorClient({ base: "/api/operator/v1/catalogue", origin: values.origin, fail });

const amount = (minor) => (minor / 100).toFixed(2);
function describePlan(plan) {
  const flags = [plan.visible ? "visible" : "hidden", plan.is_default ? "default" : null].filter(Boolean).join(", ");
  const lines = [
    `${plan.id}: ${plan.months} month${plan.months === 1 ? "" : "s"}, ${plan.device_limit} devices, ${plan.ip_limit} IP addresses, order ${plan.sort_order}, ${flags}`,
  ];
  if (plan.prices.length === 0) lines.push("  no price yet: not for sale (set-price)");
  for (const price of plan.prices) {
    const saving =
      price.saving_percent > 0 ? `, list ${amount(price.list_amount)}, saves ${price.saving_percent}%` : "";
    const trial = price.trial_amount === null ? "" : `, trial ${amount(price.trial_amount)}`;
    lines.push(`  ${price.currency} ${amount(price.sale_amount)}${saving}${trial}`);
  }
  for (const [provider, id] of Object.entries(plan.price_ids)) lines.push(`  price id at ${provider}: ${id}`);
  return lines.join("\n");
}

let data;
switch (command) {
  case "list":
    data = await call("GET", "");
    break;
  case "add-plan":
    data = await call("POST", "/plans", {
      id: required("id"),
      months: whole("months", required("months")),
      device_limit: whole("devices", required("devices")),
      ...(values.ips === undefined ? {} : { ip_limit: whole("ips", values.ips) }),
      visible: !values.hidden,
      is_default: values.default,
      ...(values.order === undefined ? {} : { sort_order: whole("order", values.order) }),
    });
    break;
  case "edit-plan":
    data = await call("PATCH", `/plans/${encodeURIComponent(planArgument())}`, {
      ...(values.months === undefined ? {} : { months: whole("months", values.months) }),
      ...(values.devices === undefined ? {} : { device_limit: whole("devices", values.devices) }),
      ...(values.ips === undefined ? {} : { ip_limit: whole("ips", values.ips) }),
      ...(values.order === undefined ? {} : { sort_order: whole("order", values.order) }),
    });
    break;
  case "set-price": {
    data = await call("PUT", "/prices", {
      plan_id: required("plan"),
      currency: required("currency").toUpperCase(),
      list_amount: money("list", required("list")),
      sale_amount: money("sale", required("sale")),
      trial_amount: values.trial === undefined ? null : money("trial", values.trial),
    });
    break;
  }
  case "hide-plan":
  case "show-plan":
    data = await call("PUT", `/plans/${encodeURIComponent(planArgument())}/visibility`, {
      visible: command === "show-plan",
    });
    break;
  case "set-default":
    data = await call("PUT", "/default_plan", { plan_id: planArgument() });
    break;
  case "map-price-id": {
    if (values.remove === (values["price-id"] !== undefined)) fail("map-price-id needs --price-id ID or --remove", 2);
    data = await call("PUT", "/price_ids", {
      plan_id: required("plan"),
      provider: required("provider"),
      price_id: values.remove ? null : values["price-id"],
    });
    break;
  }
}

if (values.json) {
  console.log(JSON.stringify(data, null, 2));
} else if (command === "list") {
  if (data.plans.length === 0) {
    console.log(`No plans: nothing is for sale yet on ${origin}. Start with add-plan (npm run catalogue -- --help).`);
  } else {
    console.log(data.plans.map(describePlan).join("\n\n"));
  }
  const floor = data.discount_floor_percent;
  console.log(
    `\n"Save up to" floor: ${floor === 0 ? "off (the best real saving shows)" : `${floor}% (shown when any plan is discounted)`}; DISCOUNT_FLOOR_PERCENT`,
  );
} else {
  console.log(`${command} done on ${origin}\n${describePlan(data.plan)}`);
}
