import { SESSION_EXPIRED, SESSION_REVOKED, SESSION_UNKNOWN } from "./session-ended";

/**
 * Every error the API answers, in one catalogue used by the handlers, the OpenAPI contracts and the
 * browser client: the envelope's `code`, the HTTP status, the English message clients and logs read,
 * and the forms-catalogue key the pages show. Codes are SPEC §7's (5xxxx for session ends, as the apps
 * expect); a code may stand for several causes only when status and key are the same.
 */
export const API_ERRORS = {
  validation: { code: 40000, status: 400, message: "invalid request", messageKey: "api.40000" },
  badAppType: {
    code: 40000,
    status: 400,
    message: "X-App-Type header missing or not a known application",
    messageKey: "api.40000",
  },
  badSignature: { code: 40001, status: 400, message: "bad signature", messageKey: "api.generic" },
  wrongCredentials: { code: 40101, status: 400, message: "wrong e-mail or password", messageKey: "api.40101" },
  captchaFailed: { code: 40102, status: 400, message: "captcha verification failed", messageKey: "api.40102" },
  /** Wrong, expired, used or out of tries, and the same for an address without an account. */
  codeInvalid: {
    code: 40103,
    status: 400,
    message: "code wrong, expired or used up: request a new one",
    messageKey: "api.40103",
  },
  passwordAlreadySet: { code: 40105, status: 409, message: "a password is already set", messageKey: "api.40105" },
  oldPasswordWrong: { code: 40106, status: 400, message: "current password is wrong", messageKey: "api.40106" },
  deviceLimitReached: {
    code: 40107,
    status: 409,
    message: "device limit of the plan reached",
    messageKey: "api.40107",
  },
  accountExists: {
    code: 40108,
    status: 409,
    message: "an account exists for this e-mail: a sign-in code was sent",
    messageKey: "api.40108",
  },
  codeRequired: {
    code: 40109,
    status: 400,
    message: "prove the address first: send the e-mailed set_password code",
    messageKey: "api.40109",
  },
  notPublicIp: { code: 40110, status: 400, message: "not a public IP address", messageKey: "api.40110" },
  processorUnavailable: {
    code: 40120,
    status: 400,
    message: "this payment provider is not available here",
    messageKey: "api.40120",
  },
  processorRefused: {
    code: 40121,
    status: 400,
    message: "the payment provider refused; nothing was changed",
    messageKey: "api.40121",
  },
  processorInAppOnly: {
    code: 40122,
    status: 400,
    message: "purchases through this provider start in the app; the web reads their results",
    messageKey: "api.generic",
  },
  renewalNotResumable: {
    code: 40123,
    status: 400,
    message: "renewal is on already, or the paid period is over",
    messageKey: "api.generic",
  },
  /** `data.reason` says why (refund-eligibility.ts): off, no_purchase, refunded, second_refund, … */
  refundNotEligible: {
    code: 40130,
    status: 400,
    message: "this purchase cannot be refunded from the account: write to support",
    messageKey: "api.generic",
  },
  /** Plan switches (decision 037): each refusal its own code, shown by the account's plan card. */
  notSubscriber: {
    code: 40140,
    status: 400,
    message: "no paid time running on this account: buy a plan instead of switching",
    messageKey: "api.generic",
  },
  samePlan: {
    code: 40141,
    status: 400,
    message: "the subscription is on this plan already",
    messageKey: "api.generic",
  },
  planNotSoldInCurrency: {
    code: 40142,
    status: 400,
    message: "this plan is not sold in the subscription's currency",
    messageKey: "api.generic",
  },
  notAnUpgrade: {
    code: 40143,
    status: 400,
    message: "only a dearer plan can start now; switch to this one at the renewal",
    messageKey: "api.generic",
  },
  switchNeedsRenewal: {
    code: 40144,
    status: 400,
    message: "automatic renewal is off: there is no renewal to switch at",
    messageKey: "api.generic",
  },
  /** The subscription's processor cannot switch plans (PayPal, decision 049). */
  planChangeUnsupported: {
    code: 40240,
    status: 400,
    message: "this subscription's payment provider cannot switch plans: buy the new plan when this one ends",
    messageKey: "api.40240",
  },
  switchPending: {
    code: 40145,
    status: 409,
    message: "a switch is already scheduled for the renewal: cancel it first",
    messageKey: "api.generic",
  },
  /** An e-mail change to an address that another account uses. */
  emailInUse: {
    code: 40150,
    status: 409,
    message: "another account uses this e-mail address",
    messageKey: "api.40150",
  },
  /** `data.reason`: unknown, used, expired, or taken (the old address has another account now). */
  undoLinkInvalid: {
    code: 40151,
    status: 400,
    message: "this undo link is unknown, used, or older than 72 hours",
    messageKey: "api.40151",
  },
  /** The password or e-mailed code was right; `data` has the `pending_token` and the `methods` to finish with. */
  secondFactorRequired: {
    code: 40160,
    status: 400,
    message: "two-factor sign-in is on: finish with a second factor",
    messageKey: "api.40160",
  },
  secondFactorInvalid: {
    code: 40161,
    status: 400,
    message: "authenticator or recovery code wrong, or used already",
    messageKey: "api.40161",
  },
  /** The pending sign-in expired or ran out of tries: sign in again from the start. */
  signInStepExpired: { code: 40162, status: 400, message: "sign in again", messageKey: "api.40162" },
  /** Changes to two-factor sign-in need a sign-in or confirmation in the last 10 minutes. */
  recentSignInRequired: {
    code: 40163,
    // Not 403: the page's client treats 401/403 as "signed out"; the owner stays and confirms instead.
    status: 400,
    message: "confirm it is you first (two_factor/confirm)",
    messageKey: "api.40163",
  },
  passkeyRefused: {
    code: 40164,
    status: 400,
    message: "the passkey was not accepted",
    messageKey: "api.40164",
  },
  /** No PUBLIC_ORIGIN with a host name is configured: passkeys need one. */
  passkeysUnavailable: {
    code: 40165,
    status: 400,
    message: "passkeys are not set up on this server",
    messageKey: "api.40165",
  },
  /** confirm_totp without a started enrolment, or starting one while an authenticator is in force. */
  totpNotPending: {
    code: 40166,
    status: 409,
    message: "no authenticator enrolment is waiting, or one is in force already",
    messageKey: "api.generic",
  },
  /** DNS_LEAK_ZONE is not set: this server runs no DNS leak test (decision 043). */
  dnsLeakNotSetUp: {
    code: 40180,
    status: 404,
    message: "the DNS leak test is not set up on this server",
    messageKey: "api.40180",
  },
  /** A test id this server never issued (or mistyped): start a new test. */
  dnsLeakUnknownTest: {
    code: 40181,
    status: 404,
    message: "no such DNS leak test: start a new one",
    messageKey: "api.40181",
  },
  /** user_ip/bind of a new address when the account has bound as many as its plan allows (data.limit). */
  boundIpLimitReached: {
    code: 40200,
    status: 409,
    message: "IP address limit of the plan reached; remove one first",
    messageKey: "api.40200",
  },
  /** user_ip/remove naming an address the account has not bound. */
  boundIpNotFound: { code: 40201, status: 404, message: "this IP address is not bound", messageKey: "api.40201" },
  /** Manual WireGuard and OpenVPN setup (decision 044) is for accounts with paid time left. */
  vpnSetupVipOnly: {
    code: 40190,
    status: 409,
    message: "manual VPN setup needs a paid plan",
    messageKey: "api.40190",
  },
  wireguardKeyInUse: {
    code: 40191,
    status: 409,
    message: "this public key is registered already: generate a new one",
    messageKey: "api.40191",
  },
  wireguardKeyNotFound: { code: 40192, status: 404, message: "no such WireGuard key", messageKey: "api.40192" },
  /** Every tunnel address of WIREGUARD_IPV4_RANGE/WIREGUARD_IPV6_RANGE is taken. */
  wireguardAddressesExhausted: {
    code: 40193,
    status: 503,
    message: "no tunnel address is free",
    messageKey: "api.40193",
  },
  openVpnProfileMissing: {
    code: 40194,
    status: 404,
    message: "no OpenVPN profile for this country",
    messageKey: "api.40194",
  },
  /** ACCOUNT_NUMBERS is off: no account numbers are made, and none signs in (decision 042). */
  accountNumbersOff: {
    code: 40170,
    status: 404,
    message: "account numbers are not offered on this site",
    messageKey: "api.40170",
  },
  /** No account has this number (or it was given an e-mail address since): failures are rate-limited. */
  accountNumberWrong: {
    code: 40171,
    status: 400,
    message: "no account has this account number",
    messageKey: "api.40171",
  },
  /** What needs an e-mail address (a password, an e-mailed code) on an account-number account. */
  emailRequired: {
    code: 40172,
    status: 409,
    message: "add an e-mail address to the account first",
    messageKey: "api.40172",
  },
  /** Vouchers (decision 046): a code that no batch has (or mistyped), one redeemed already, one past its batch's expiry. */
  voucherUnknown: {
    code: 40210,
    status: 400,
    message: "no voucher has this code: check it and try again",
    messageKey: "api.40210",
  },
  voucherUsed: { code: 40211, status: 409, message: "this voucher was redeemed already", messageKey: "api.40211" },
  voucherExpired: { code: 40212, status: 400, message: "this voucher has expired", messageKey: "api.40212" },
  /**
   * A way to pay that does not take the buyer's currency, or does not serve their country
   * (decision 048): refused before any order exists, so no payment can fail for it.
   */
  methodCurrencyUnsupported: {
    code: 40230,
    status: 400,
    message: "this way to pay does not take this currency: choose another way to pay or another currency",
    messageKey: "api.40230",
  },
  methodCountryUnsupported: {
    code: 40231,
    status: 400,
    message: "this way to pay is not available in the buyer's country: choose another one",
    messageKey: "api.40231",
  },
  /**
   * A crypto purchase (BTCPay, decision 050) is a prepaid period: no renewal to turn on, no plan to
   * switch (its refund is support's: refund_status says `crypto`).
   */
  prepaidNoRenewal: {
    code: 40245,
    status: 409,
    message: "a crypto purchase is a prepaid period: nothing renews; buy again when it ends",
    messageKey: "api.40245",
  },
  prepaidNoPlanChange: {
    code: 40246,
    status: 409,
    message: "a crypto purchase is a prepaid period: its plan cannot be switched; buy the other plan when it ends",
    messageKey: "api.40246",
  },
  /** Staff disabled the account (decision 058): every sign-in is refused until they enable it again. */
  accountDisabled: {
    code: 40220,
    status: 403,
    message: "this account has been disabled: contact support",
    messageKey: "api.40220",
  },
  /** Staff accounts are not disabled from the console: an owner takes them out of the staff first. */
  customerIsStaff: {
    code: 40221,
    status: 409,
    message: "this account is staff: remove it from the staff before disabling it",
    messageKey: "api.40221",
  },
  /** The operator console (decision 051): not staff, a role without the right, staff without 2FA. */
  staffOnly: { code: 40250, status: 403, message: "the operator console is for staff only", messageKey: "api.40250" },
  staffRightMissing: { code: 40251, status: 403, message: "your role may not do this", messageKey: "api.40251" },
  staffTwoFactorRequired: {
    code: 40252,
    status: 403,
    message: "turn on two-factor sign-in to use the operator console",
    messageKey: "api.40252",
  },
  staffInvitationInvalid: {
    code: 40253,
    status: 400,
    message: "this invitation is unknown, used or expired",
    messageKey: "api.40253",
  },
  staffInvitationOtherAddress: {
    code: 40254,
    status: 409,
    message: "this invitation is for another e-mail address: sign in with that address",
    messageKey: "api.40254",
  },
  staffLastOwner: {
    code: 40255,
    status: 409,
    message: "the console needs an owner: make another owner first",
    messageKey: "api.40255",
  },
  staffNotFound: { code: 40256, status: 404, message: "no such staff member", messageKey: "api.generic" },
  staffAccountNotFound: {
    code: 40257,
    status: 404,
    message: "no account has this e-mail address: sign up first",
    messageKey: "api.generic",
  },
  /** The console's dashboard (decision 055): a range it cannot show. */
  dashboardRangeInvalid: {
    code: 40275,
    status: 400,
    message: "choose calendar days, the start not after the end, at most 366 days",
    messageKey: "api.40275",
  },
  /** The console's catalogue and route rules (decision 056). */
  planSold: {
    code: 40280,
    status: 409,
    message:
      "the plan has been bought: its months stay and its limits cannot go down; add a new plan and hide this one",
    messageKey: "api.40280",
  },
  routeRuleLoop: {
    code: 40281,
    status: 409,
    message: "the rule would make a redirect loop with the existing rules",
    messageKey: "api.40281",
  },
  routeRulesFull: {
    code: 40282,
    status: 409,
    message: "the route rules are at their limit: delete some first",
    messageKey: "api.40282",
  },
  /** Promotions in the console (decision 057); `data.reason` says why: unknown_price, not_below_price, unknown_coupon, coupon_ended. */
  promotionSaleInvalid: {
    code: 40290,
    status: 400,
    message:
      "the sale does not fit the catalogue: each sale price must be a priced plan's, below its price; a coupon must exist and not have ended",
    messageKey: "api.40290",
  },
  promotionsStoredInvalid: {
    code: 40291,
    status: 409,
    message:
      "the stored promotions no longer match their schema: replace the whole document through the operator API first",
    messageKey: "api.40291",
  },
  missingCredentials: { code: 401, status: 401, message: "authentication required", messageKey: "api.generic" },
  operatorTokenRequired: { code: 401, status: 401, message: "operator token required", messageKey: "api.generic" },
  unknownToken: { code: SESSION_UNKNOWN, status: 401, message: "session unknown", messageKey: "api.generic" },
  revokedToken: { code: SESSION_REVOKED, status: 401, message: "session ended elsewhere", messageKey: "api.generic" },
  expiredToken: { code: SESSION_EXPIRED, status: 401, message: "session expired", messageKey: "api.generic" },
  forbiddenOrigin: { code: 40300, status: 403, message: "cross-site request refused", messageKey: "api.40300" },
  notFound: { code: 40400, status: 404, message: "not found", messageKey: "api.generic" },
  deviceNotFound: { code: 40404, status: 404, message: "no such device", messageKey: "api.40404" },
  sessionNotFound: { code: 40405, status: 404, message: "no such active session", messageKey: "api.generic" },
  planExists: { code: 40900, status: 409, message: "a plan with this id exists", messageKey: "api.generic" },
  defaultPlanHidden: {
    code: 40901,
    status: 409,
    message: "the default plan cannot be hidden while other plans are visible",
    messageKey: "api.generic",
  },
  hiddenPlanDefault: {
    code: 40902,
    status: 409,
    message: "a hidden plan cannot be the default",
    messageKey: "api.generic",
  },
  couponExists: { code: 40903, status: 409, message: "a coupon with this code exists", messageKey: "api.generic" },
  payloadTooLarge: { code: 41300, status: 413, message: "request body too large", messageKey: "api.generic" },
  jsonOnly: {
    code: 41500,
    status: 415,
    message: "send JSON (Content-Type: application/json)",
    messageKey: "api.generic",
  },
  tooManyRequests: { code: 42900, status: 429, message: "too many requests", messageKey: "api.42900" },
  internal: { code: 50000, status: 500, message: "internal error", messageKey: "api.generic" },
  unavailable: { code: 50300, status: 503, message: "temporarily unavailable", messageKey: "api.generic" },
} as const satisfies Record<string, ApiErrorEntry>;

export type ApiErrorEntry = {
  code: number;
  status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;
  message: string;
  /** A key of the forms catalogue; `api.generic` where no page shows the error. */
  messageKey: `api.${string}`;
};

export type ApiErrorName = keyof typeof API_ERRORS;

const MESSAGE_KEY_BY_CODE = new Map<number, string>(
  Object.values(API_ERRORS).map((entry) => [entry.code, entry.messageKey]),
);

/** The forms key a page shows for an envelope code (the API's, or one it does not know). */
export function messageKeyForCode(code: number): string {
  return MESSAGE_KEY_BY_CODE.get(code) ?? "api.generic";
}
