import { matchPath } from "react-router";
import { splitLocale } from "../../universal/i18n/locales";

/**
 * The app pages (decision 031) by key, with their paths: every other address is a document.
 * The browser needs only this, not the whole route table (app/routing/pages.ts, whose `kind`
 * must agree: page-kind.test.ts).
 */
export const APP_PAGE_PATHS: Readonly<Record<string, string>> = {
  forgetpassword: "forgetpassword",
  login: "login",
  myaccount: "myaccount",
  operator: "operator",
  receipt: "myaccount/receipts/:orderId",
  emailundo: "myaccount/email-undo",
  paystatus: "paystatus",
  paysuc: "paysuc",
  checkout: "pricing/checkout/:id?",
  redeem: "redeem",
  resetpassword: "resetpassword",
  "connection-check": "connection-check",
  "dns-leak-test": "dns-leak-test",
  "webrtc-leak-test": "webrtc-leak-test",
  "what-is-my-ip": "what-is-my-ip",
};

export type PageKind = "document" | "app";

export const pageKindOfKey = (key: string): PageKind => (Object.hasOwn(APP_PAGE_PATHS, key) ? "app" : "document");

/**
 * Whether an address of this site is a document (loaded whole, no React) or an app page. Apps use
 * it to leave for a document with a real page load instead of a client-side navigation. Anything
 * the table does not know is the not-found page: a document.
 */
export function pageKindOfPath(pathname: string): PageKind {
  const { rest } = splitLocale(pathname);
  const app = Object.values(APP_PAGE_PATHS).some((path) => matchPath({ path: `/${path}`, end: true }, rest));
  return app ? "app" : "document";
}
