import { WEB_APP_TYPE } from "./api";
import { EmptyCaptchaToken } from "./captcha-error";

export const CAPTCHA_POLL_MS = 200;
export const CAPTCHA_MAX_POLLS = 300;

/**
 * Waits for a provider's script to define its global, polling every 200 ms up to 300 times
 * (about 60 s), with the log lines of SPEC §8.
 */
export function waitForGlobal<T>(name: string, poll = CAPTCHA_POLL_MS, maxPolls = CAPTCHA_MAX_POLLS): Promise<T> {
  return new Promise((resolve, reject) => {
    let polls = 0;
    const check = () => {
      const value = (globalThis as Record<string, unknown>)[name] as T | undefined;
      if (value) return resolve(value);
      if (polls === 0) console.info("no load recaptcha script in the page.");
      if (++polls >= maxPolls) {
        console.error("can not load recaptcha script.");
        return reject(new Error("can not load recaptcha script."));
      }
      setTimeout(check, poll);
    };
    check();
  });
}

/** Adds a provider's script once; our trusted module inserts it, so the strict CSP lets it run. */
function loadScriptOnce(src: string): void {
  if (document.querySelector(`script[src="${src}"]`)) return;
  const script = document.createElement("script");
  script.src = src;
  script.async = true;
  document.head.append(script);
}

interface ChallengeAnswer {
  provider: "altcha" | "recaptcha" | "turnstile" | "none";
  challenge?: {
    algorithm: string;
    challenge: string;
    maxnumber?: number;
    maxNumber?: number;
    salt: string;
    signature: string;
  };
  siteKey?: string;
}

/**
 * A captcha token for the next protected call. With the default provider (altcha) the browser
 * solves a proof of work issued by our own server: nothing is loaded from a third party.
 */
export async function captchaToken(action: string): Promise<string> {
  const response = await fetch("/api/mms/captcha/v1/challenge", { headers: { "X-App-Type": WEB_APP_TYPE } });
  const { data } = (await response.json()) as { data: ChallengeAnswer };
  let token = "";
  if (data.provider === "altcha" && data.challenge) {
    const { solveChallenge } = await import("altcha-lib/v1");
    const { challenge } = data;
    const solution = await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      challenge.maxnumber ?? challenge.maxNumber,
    ).promise;
    if (solution) {
      token = btoa(
        JSON.stringify({
          algorithm: challenge.algorithm,
          challenge: challenge.challenge,
          number: solution.number,
          salt: challenge.salt,
          signature: challenge.signature,
          took: solution.took,
        }),
      );
    }
  } else if (data.provider === "recaptcha") {
    // Opt-in third party: the operator chose it (CAPTCHA_PROVIDER), and the CSP allows its frames.
    loadScriptOnce(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(data.siteKey ?? "")}`);
    const grecaptcha = await waitForGlobal<{
      ready(fn: () => void): void;
      execute(key: string, o: { action: string }): Promise<string>;
    }>("grecaptcha");
    await new Promise<void>((resolve) => grecaptcha.ready(resolve));
    token = await grecaptcha.execute(data.siteKey ?? "", { action });
  } else if (data.provider === "turnstile") {
    loadScriptOnce("https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit");
    const turnstile = await waitForGlobal<{
      render(
        element: HTMLElement,
        options: { sitekey: string; action: string; callback(token: string): void; "error-callback"(): void },
      ): string;
    }>("turnstile");
    const holder = document.createElement("div");
    document.body.append(holder);
    token = await new Promise<string>((resolve) => {
      turnstile.render(holder, {
        sitekey: data.siteKey ?? "",
        action,
        callback: resolve,
        "error-callback": () => resolve(""),
      });
    });
    holder.remove();
  } else if (data.provider === "none") {
    token = "development";
  }
  if (!token) throw new EmptyCaptchaToken();
  return token;
}
