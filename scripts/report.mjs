// `npm run report -- --from 2026-11-01 --to 2026-11-30 [--origin http://localhost:3000] [--json]`
// Prints the operator report (daily, by utm_source, by affiliate network). It asks the running
// server over HTTP (GET /api/operator/v1/report, Bearer OPERATOR_TOKEN): the embedded database
// can only be opened by the server process that holds it.
import { parseArgs } from "node:util";

const DAY_MS = 24 * 60 * 60 * 1000;
const today = new Date().toISOString().slice(0, 10);

const { values } = parseArgs({
  options: {
    from: { type: "string" },
    to: { type: "string", default: today },
    origin: { type: "string" },
    json: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});

if (values.help) {
  console.log(
    "usage: npm run report -- [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--origin URL] [--json]\n" +
      "  --from    first day (UTC), default 29 days before --to\n" +
      "  --to      last day (UTC), default today\n" +
      "  --origin  the running server, default PUBLIC_ORIGIN or http://localhost:$PORT (3000)\n" +
      "  --json    print the raw report\n" +
      "needs OPERATOR_TOKEN in the environment (the server's own value).",
  );
  process.exit(0);
}

const fail = (message) => {
  console.error(`report: ${message}`);
  process.exit(1);
};

const token = process.env.OPERATOR_TOKEN;
if (!token) fail("set OPERATOR_TOKEN (the same value the server runs with)");
const to = values.to;
const from = values.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10);
const origin = values.origin ?? process.env.PUBLIC_ORIGIN ?? `http://localhost:${process.env.PORT || 3000}`;

const url = new URL("/api/operator/v1/report", origin);
url.search = new URLSearchParams({ from, to }).toString();
let response;
try {
  response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
} catch (error) {
  fail(`cannot reach ${origin} (${error.cause?.code ?? error.message}): is the server running? (--origin)`);
}
const body = await response.json().catch(() => null);
if (!response.ok || body?.code !== 200) {
  const fields = body?.data?.fields ? ` ${JSON.stringify(body.data.fields)}` : "";
  fail(`${response.status}: ${body?.message ?? response.statusText}${fields}`);
}
const report = body.data;
if (values.json) {
  console.log(JSON.stringify(report, null, 2));
  process.exit(0);
}

// Every catalogue currency (content/currencies.ts: two decimals only) has 100 minor units.
const money = (revenue) =>
  Object.entries(revenue)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, minor]) => `${(minor / 100).toFixed(2)} ${currency}`)
    .join(", ") || "-";
const percent = (rate) => (rate === null ? "-" : `${(rate * 100).toFixed(2)}%`);

/** A plain-text table: text columns left-aligned, numbers right-aligned. */
function table(title, headers, rows) {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => String(row[i]).length)));
  const isNumeric = headers.map((_, i) => rows.every((row) => typeof row[i] === "number"));
  const line = (cells) =>
    cells
      .map((cell, i) => (isNumeric[i] ? String(cell).padStart(widths[i]) : String(cell).padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  console.log(`\n${title}\n`);
  console.log(line(headers));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
}

const figures = (f) => [f.page_views, f.visitors, f.sign_ups, f.purchases, money(f.revenue)];
const columns = ["page views", "visitors", "sign-ups", "purchases", "revenue"];

console.log(`${report.brand} report ${report.from} to ${report.to} (UTC days) from ${origin}`);
table(
  "Daily",
  ["day", ...columns],
  [...report.days.map((day) => [day.day, ...figures(day)]), ["total", ...figures(report.totals)]],
);
console.log(`(total visitors are distinct over the period; conversion ${percent(report.totals.conversion)})`);
table(
  "By utm_source",
  ["utm_source", ...columns, "conversion"],
  report.by_source.map((group) => [group.utm_source ?? "(none)", ...figures(group), percent(group.conversion)]),
);
table(
  "By affiliate network",
  ["affiliate", ...columns, "conversion"],
  report.by_affiliate.map((group) => [
    group.affiliate_network ?? "(none)",
    ...figures(group),
    percent(group.conversion),
  ]),
);
table(
  "Paid orders sent by affiliates",
  ["order", "created (UTC)", "network", "click id", "plan", "status", "amount"],
  report.affiliate_orders.map((order) => [
    order.order_id,
    order.created_at.slice(0, 19).replace("T", " "),
    order.affiliate_network,
    order.affiliate_click_id ?? "",
    order.plan_id,
    order.status,
    money({ [order.currency]: order.amount }),
  ]),
);
table(
  "Prepaid vouchers by reseller",
  ["reseller", "codes", "redeemed in these days"],
  (report.vouchers ?? []).map((group) => [group.reseller, group.codes, group.redeemed]),
);
table(
  "Invites (invite a friend)",
  ["joined", "converted", "rewards granted"],
  report.invites ? [[report.invites.joined, report.invites.converted, report.invites.rewarded]] : [],
);
console.log("\nRevenue is gross, in each currency (refunded orders included); conversion = purchases / visitors.");
