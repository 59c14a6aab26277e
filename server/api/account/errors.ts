/**
 * Account error codes in the {code, message, data} envelope. HTTP 401 is kept for "no or bad
 * session" (SPEC §8: the client then clears its state), so failed credentials are a 400.
 */
export const AccountError = {
  missingCredentials: { http: 401, code: 401, message: "authentication required" },
  unknownToken: { http: 401, code: 50008, message: "session unknown" },
  revokedToken: { http: 401, code: 50012, message: "session ended elsewhere" },
  expiredToken: { http: 401, code: 50014, message: "session expired" },
  badAppType: { http: 400, code: 40000, message: "X-App-Type header missing or not a known application" },
  wrongCredentials: { http: 400, code: 40101, message: "wrong e-mail or password" },
  captchaFailed: { http: 400, code: 40102, message: "captcha verification failed" },
  /** Wrong, expired, used or out of tries, and the same for an address without an account. */
  codeInvalid: { http: 400, code: 40103, message: "code wrong, expired or used up: request a new one" },
  passwordAlreadySet: { http: 409, code: 40105, message: "a password is already set" },
  oldPasswordWrong: { http: 400, code: 40106, message: "current password is wrong" },
  deviceLimitReached: { http: 409, code: 40107, message: "device limit of the plan reached" },
  codeRequired: { http: 400, code: 40109, message: "prove the address first: send the e-mailed set_password code" },
  accountExists: { http: 409, code: 40108, message: "an account exists for this e-mail: a sign-in code was sent" },
  notPublicIp: { http: 400, code: 40110, message: "not a public IP address" },
  deviceNotFound: { http: 404, code: 40404, message: "no such device" },
  forbiddenOrigin: { http: 403, code: 40300, message: "cross-site request refused" },
  jsonOnly: { http: 415, code: 41500, message: "send JSON (Content-Type: application/json)" },
} as const;

export type AccountErrorName = keyof typeof AccountError;
