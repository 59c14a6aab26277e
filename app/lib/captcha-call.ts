import type { useApi } from "./use-api";

type ApiCall = ReturnType<typeof useApi>;

/**
 * A captcha call of SPEC §7 (universal/api/captcha-calls.ts): a fresh token for `action`, sent as
 * `recasign` (body for POST, query string for GET) to the call's /ws/mm/reca/<variant>/ alias.
 * The captcha's code loads with the first call: most visits to a form page never submit it.
 */
export async function captchaCall<T = Record<string, unknown>>(
  call: ApiCall,
  method: "GET" | "POST",
  path: string,
  payload: Record<string, unknown>,
  action: string,
): Promise<T> {
  const [{ captchaRequest }, { captchaToken }] = await Promise.all([
    import("../../universal/api/captcha-calls"),
    import("./captcha"),
  ]);
  const request = captchaRequest(method, path, payload, await captchaToken(action));
  return call<T>(method, request.path, request.body);
}
