import type { Claims } from "../universal/claims/schema";

/**
 * The promises your site makes, in one place. Set only what you can vouch for: a promise left
 * unset (null, false, an empty list) appears on no page in any language: its sentences, cards,
 * questions and badges are left out. The number of countries and cities the copy shows is counted
 * from content/servers.ts; device limits come from your plans. Rebuild after a change
 * (`npm run build`, or `npm start` rebuilds by itself): prerendered pages carry these claims.
 */
export default {
  // A full refund within this many days of a first purchase, which the customer takes from their
  // account page (or asks support for); null or 0 for none: no promise and no refund button.
  moneyBackDays: 30,
  // Your servers keep no logs of traffic, DNS queries, connection times or source addresses.
  noLogs: true,
  // An independent audit of that policy (https), linked beside it; null when there is none.
  noLogsReportUrl: null,
  // The protocols your apps offer, in the order to list them: "wireguard", "openvpn", "ikev2".
  protocols: ["wireguard", "openvpn"],
} satisfies Claims;
