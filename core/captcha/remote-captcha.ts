import type { CaptchaVerifier } from "./captcha";

/**
 * reCAPTCHA (v2 signature "r2" and v3 token "r3") and Turnstile: the token is checked with the
 * provider's siteverify endpoint using the secret from the environment. These load the
 * provider's script in the page, so they are opt-in (the default is altcha).
 */
export function remoteCaptchaVerifier(options: {
  provider: "recaptcha" | "turnstile";
  siteKey: string;
  secret: string;
  minScore?: number;
  fetcher?: typeof fetch;
}): CaptchaVerifier {
  const endpoint =
    options.provider === "recaptcha"
      ? "https://www.google.com/recaptcha/api/siteverify"
      : "https://challenges.cloudflare.com/turnstile/v0/siteverify";
  const fetcher = options.fetcher ?? fetch;
  return {
    provider: options.provider,
    async clientConfig() {
      return { siteKey: options.siteKey };
    },
    async verify(token, { ip, variant }) {
      if (!token) return false;
      const body = new URLSearchParams({ secret: options.secret, response: token, remoteip: ip });
      try {
        const response = await fetcher(endpoint, { method: "POST", body, signal: AbortSignal.timeout(5_000) });
        const result = (await response.json()) as { success?: boolean; score?: number };
        if (!result.success) return false;
        // v3 tokens carry a score; v2 and Turnstile say yes or no.
        return variant === "r3" && options.provider === "recaptcha" && typeof result.score === "number"
          ? result.score >= (options.minScore ?? 0.5)
          : true;
      } catch {
        return false;
      }
    },
  };
}

/** Development and tests only (refused in production by the configuration check): any non-empty token. */
export function noCaptchaVerifier(): CaptchaVerifier {
  return {
    provider: "none",
    async clientConfig() {
      return {};
    },
    async verify(token) {
      return token.length > 0;
    },
  };
}
