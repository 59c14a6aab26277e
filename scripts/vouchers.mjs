// `npm run vouchers -- <command> [options]`: prepaid voucher codes sold through resellers (decision 046).
// Like `npm run coupons`, it asks the running server over HTTP (the operator API under
// /api/operator/v1/voucher_batches, Bearer OPERATOR_TOKEN), so it works against a remote install too.
import { writeFileSync } from "node:fs";
import { failWith, operatorClient, parseCommandLine } from "./operator-cli.mjs";

const USAGE = `usage: npm run vouchers -- <command> [options] [--origin URL] [--json]

commands:
  list                          every batch and how many of its codes were redeemed
  create --plan ID --count N --reseller LABEL (--months N | --days N | both) [--expires ISO]
                                create N codes of VIP time on the plan (its device limit), sold
                                by LABEL, redeemable until the ISO 8601 time (default: never).
                                The codes are printed this once, one a line, after the batch's
                                summary on stderr: the server keeps only their hashes.
                                (The API answers them as CSV too: POST ...?format=csv.)
         [--cards FILE [--locale LANG]]
                                instead of printing the codes, write them as printable cards
                                (a PDF, ten an A4 page) to FILE, in LANG (default en)

  --origin  the running server, default PUBLIC_ORIGIN or http://localhost:$PORT (3000)
  --json    print the server's answer as JSON
needs OPERATOR_TOKEN in the environment (the server's own value).

example: npm run vouchers -- create --plan 1-year --months 12 --count 500 --reseller "Kiosk Nord" > codes.txt`;

const fail = failWith("vouchers");

const { values, command } = parseCommandLine({
  options: {
    plan: { type: "string" },
    count: { type: "string" },
    reseller: { type: "string" },
    months: { type: "string" },
    days: { type: "string" },
    expires: { type: "string" },
    cards: { type: "string" },
    locale: { type: "string" },
  },
  usage: USAGE,
  fail,
});
if (!["list", "create"].includes(command)) fail(`unknown command "${command}"\n\n${USAGE}`, 2);

const whole = (name, text) => {
  if (!/^\d+$/.test(text)) fail(`--${name} must be a whole number, not "${text}"`, 2);
  return Number(text);
};

const { call } = operatorClient({ base: "/api/operator/v1/voucher_batches", origin: values.origin, fail });

function describe(batch) {
  const period = [
    batch.period_months ? `${batch.period_months} month(s)` : null,
    batch.period_days ? `${batch.period_days} day(s)` : null,
  ]
    .filter(Boolean)
    .join(" + ");
  return [
    `batch ${batch.id} (${batch.reseller}): ${batch.count} codes of ${period} on ${batch.plan_id}`,
    `${batch.redeemed} redeemed`,
    batch.expires_at ? `until ${batch.expires_at}` : "no expiry",
    `by ${batch.created_by} at ${batch.created_at}`,
  ].join("; ");
}

let data;
if (command === "list") {
  data = await call("GET", "");
} else {
  if (!values.plan || !values.count || !values.reseller) fail("create needs --plan, --count and --reseller", 2);
  if (values.months === undefined && values.days === undefined) fail("create needs --months or --days", 2);
  const batch = {
    plan_id: values.plan,
    count: whole("count", values.count),
    reseller: values.reseller,
    period_months: values.months === undefined ? 0 : whole("months", values.months),
    period_days: values.days === undefined ? 0 : whole("days", values.days),
    expires_at: values.expires ?? null,
  };
  if (values.cards) {
    const query = `?format=pdf&locale=${encodeURIComponent(values.locale ?? "en")}`;
    const pdf = await call("POST", query, batch, { raw: true });
    writeFileSync(values.cards, pdf);
    console.error(`${batch.count} voucher cards of ${values.plan} for ${values.reseller} written to ${values.cards}`);
    process.exit(0);
  }
  data = await call("POST", "", batch);
}

if (values.json) console.log(JSON.stringify(data, null, 2));
else if (command === "list") {
  console.log(data.batches.length === 0 ? "no batches yet (create)" : data.batches.map(describe).join("\n"));
} else {
  console.error(describe(data.batch));
  console.log(data.codes.join("\n"));
}
