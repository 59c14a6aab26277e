import { type APIRequestContext, expect } from "@playwright/test";
import { solveChallenge } from "altcha-lib/v1";
import { mailsTo } from "./mail-catcher";

const A = "/api/mms/account/v1/web";

/** Where a purchase through a provider code starts (SPEC §7: s1 and pd have calls of their own). */
export function startPath(code: string): string {
  const providers = "/api/mms/payment/v1/providers";
  if (code === "s1") return `${providers}/s1/create_subscription`;
  if (code === "pd") return `${providers}/common/pd/prepurchase`;
  return `${providers}/${code}/purchase`;
}

/**
 * A customer with a password who bought `plan` as an app would: the purchase started (captcha
 * solved) through `provider` (the sandbox stands in for every code), paid on the sandbox's hosted
 * page, and reported active. Returns the app's headers (bearer token, a customer address of its own)
 * and the order id.
 */
export async function sandboxPurchase(
  request: APIRequestContext,
  buyer: { email: string; password: string; plan: string; provider?: string; language?: string; currency?: string },
): Promise<{ app: Record<string, string>; orderId: string }> {
  const provider = buyer.provider ?? "pd";
  const octet = () => 1 + Math.floor(Math.random() * 254);
  const token = await createAccount(request, buyer.email, buyer.password);
  const app = {
    "X-Forwarded-For": `203.0.${octet()}.${octet()}`,
    "X-App-Type": "101",
    Authorization: `Bearer ${token}`,
  };
  const started = await request.post(startPath(provider), {
    headers: app,
    data: {
      plan_id: buyer.plan,
      ...(buyer.currency ? { currency: buyer.currency } : {}),
      ...(buyer.language ? { client_info: { language: buyer.language } } : {}),
      recasign: await solveCaptcha(request),
    },
  });
  const { order_id: orderId, web_url: webUrl } = (await started.json()).data.value;
  const paid = await request.post(webUrl, { form: { card: "4242 4242 4242 4242" }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  await expect
    .poll(async () => {
      const result = await request.post(`/api/mms/payment/v1/providers/${provider}/purchase_result`, {
        headers: app,
        data: { order_id: orderId },
      });
      return (await result.json()).data?.value?.status;
    })
    .toBe("active");
  return { app, orderId: String(orderId) };
}

/** Solves the app's own proof-of-work captcha, as the page does. */
export async function solveCaptcha(request: APIRequestContext): Promise<string> {
  const { data } = await (
    await request.get("/api/mms/captcha/v1/challenge", { headers: { "X-App-Type": "501" } })
  ).json();
  const c = data.challenge;
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  return Buffer.from(
    JSON.stringify({
      algorithm: c.algorithm,
      challenge: c.challenge,
      number: solution?.number,
      salt: c.salt,
      signature: c.signature,
    }),
  ).toString("base64");
}

/** A random address of the documentation ranges (RFC 5737), which no geo database places. */
export function documentationAddress(): string {
  const ranges = ["192.0.2", "198.51.100", "203.0.113"];
  return `${ranges[Math.floor(Math.random() * ranges.length)]}.${1 + Math.floor(Math.random() * 254)}`;
}

let counter = 0;
/** A fresh address per test: tests never share an account. */
export function uniqueEmail(label: string): string {
  counter++;
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

/** An account with a password, created through the API as a native app would (bearer token). */
export async function createAccount(request: APIRequestContext, email: string, password: string): Promise<string> {
  const signup = await request.post(`${A}/anonymous_signup`, {
    // Each test's customer signs up from an address of their own, as real customers do: the suite
    // creates more accounts than the per-address sign-up limit allows from one address.
    headers: { "X-App-Type": "101", "X-Forwarded-For": documentationAddress() },
    data: { email, recasign: await solveCaptcha(request) },
  });
  expect(signup.status()).toBe(200);
  const token = (await signup.json()).data.token as string;
  // A first password needs the code mailed to the address (decision 020).
  const requested = await request.post(`${A}/verification/request`, {
    headers: { "X-App-Type": "101", "X-Forwarded-For": documentationAddress() },
    data: { email, purpose: "set_password", recasign: await solveCaptcha(request) },
  });
  expect(requested.status()).toBe(200);
  const set = await request.post(`${A}/set_password`, {
    headers: { "X-App-Type": "101", Authorization: `Bearer ${token}` },
    data: { password, code: await mailedCode(email, "Your Veilport code to set a password") },
  });
  expect((await set.json()).code).toBe(200);
  return token;
}

/** Waits for the newest mail to an address with this subject and reads its code (polling the receiver, no fixed sleep). */
export async function mailedCode(address: string, subject: string): Promise<string> {
  const dir = String(process.env.E2E_MAIL_DIR);
  let code = "";
  await expect
    .poll(
      () => {
        const mail = mailsTo(dir, address)
          .filter((each) => each.subject === subject)
          .at(-1);
        code = mail ? (/\b(\d{6})\b/.exec(mail.text)?.[1] ?? "") : "";
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

export { A as ACCOUNT_API };
