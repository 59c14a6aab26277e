import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from "@simplewebauthn/browser";

/** The website's API call, as useApi gives it. */
type Call = <T>(method: "GET" | "POST", path: string, body?: unknown) => Promise<T>;

const A = "/api/mms/account/v1/web";

export const passkeysSupported = () => typeof window !== "undefined" && browserSupportsWebAuthn();

/** The browser asks for a passkey and the server signs in with it (alone, or as the second step). */
export async function signInWithPasskey<U>(call: Call, pendingToken?: string): Promise<U> {
  const body = pendingToken ? { pending_token: pendingToken } : {};
  const { options } = await call<{ options: PublicKeyCredentialRequestOptionsJSON }>(
    "POST",
    `${A}/passkey/options`,
    body,
  );
  const response = await startAuthentication({ optionsJSON: options });
  return call<U>("POST", `${A}/passkey/login`, { ...body, response });
}

/** The browser creates a passkey for the signed-in account; the server stores it. */
export async function addPasskey(call: Call): Promise<{ recovery_codes: string[] | null }> {
  const { options } = await call<{ options: PublicKeyCredentialCreationOptionsJSON }>(
    "POST",
    `${A}/two_factor/passkeys/options`,
  );
  const response = await startRegistration({ optionsJSON: options });
  return call("POST", `${A}/two_factor/passkeys/add`, { response });
}

/** The person closed the browser's prompt or it timed out: nothing to report as an error. */
export function passkeyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");
}
