import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";

// The WebAuthn helpers load when a passkey is used, not with the login page.
const webauthn = () => import("@simplewebauthn/browser");

/** The website's API call, as useApi gives it. */
type Call = <T>(method: "GET" | "POST", path: string, body?: unknown) => Promise<T>;

const A = "/api/mms/account/v1/web";

export const passkeysSupported = () =>
  typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";

/** The browser asks for a passkey and the server signs in with it (alone, or as the second step). */
export async function signInWithPasskey<U>(call: Call, pendingToken?: string): Promise<U> {
  const body = pendingToken ? { pending_token: pendingToken } : {};
  const { options } = await call<{ options: PublicKeyCredentialRequestOptionsJSON }>(
    "POST",
    `${A}/passkey/options`,
    body,
  );
  const response = await (await webauthn()).startAuthentication({ optionsJSON: options });
  return call<U>("POST", `${A}/passkey/login`, { ...body, response });
}

/** The browser creates a passkey for the signed-in account; the server stores it. */
export async function addPasskey(call: Call): Promise<{ recovery_codes: string[] | null }> {
  const { options } = await call<{ options: PublicKeyCredentialCreationOptionsJSON }>(
    "POST",
    `${A}/two_factor/passkeys/options`,
  );
  const response = await (await webauthn()).startRegistration({ optionsJSON: options });
  return call("POST", `${A}/two_factor/passkeys/add`, { response });
}

/** The person closed the browser's prompt or it timed out: nothing to report as an error. */
export function passkeyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");
}
