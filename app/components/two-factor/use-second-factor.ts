import { useState } from "react";
import { API_ERRORS } from "../../../universal/api/errors";
import { ApiError } from "../../lib/api";
import { signInWithPasskey } from "../../lib/passkey-client";
import { useApi } from "../../lib/use-api";

export type SecondFactorMethod = "totp" | "passkey" | "recovery_code";
export interface PendingSignIn {
  token: string;
  methods: SecondFactorMethod[];
}

/** The pending sign-in a 40160 answer carries, or null for any other failure. */
export function pendingFrom(error: unknown): PendingSignIn | null {
  if (!(error instanceof ApiError) || error.envelope.code !== API_ERRORS.secondFactorRequired.code) return null;
  const data = error.envelope.data ?? {};
  const methods = Array.isArray(data.methods) ? (data.methods as SecondFactorMethod[]) : [];
  return typeof data.pending_token === "string" ? { token: data.pending_token, methods } : null;
}

/**
 * The second step of a sign-in (login page and checkout): the authenticator's code, or a recovery
 * code, or the account's passkey. The session starts with the step's answer.
 */
export function useSecondFactor() {
  const call = useApi();
  const [pending, setPending] = useState<PendingSignIn | null>(null);
  const [mode, setMode] = useState<"totp" | "recovery_code">("totp");
  const [code, setCode] = useState("");

  const start = (next: PendingSignIn) => {
    setPending(next);
    setMode(next.methods.includes("totp") ? "totp" : "recovery_code");
    setCode("");
  };

  /** The forms key of what is wrong with the typed code, before sending it. */
  const codeIssue = (): string | undefined => {
    const typed = code.replace(/[\s-]/g, "");
    if (mode === "totp") return /^\d{6}$/.test(typed) ? undefined : "code.totpInvalid";
    return typed.length === 10 ? undefined : "code.recoveryInvalid";
  };

  async function finish<U>(): Promise<U> {
    if (!pending) throw new Error("no pending sign-in");
    const body =
      mode === "totp"
        ? { pending_token: pending.token, code: code.replace(/\s/g, "") }
        : { pending_token: pending.token, recovery_code: code.trim() };
    return call<U>("POST", "/api/mms/account/v1/web/login/second_factor", body);
  }

  async function withPasskey<U>(): Promise<U> {
    if (!pending) throw new Error("no pending sign-in");
    return signInWithPasskey<U>(call, pending.token);
  }

  return { pending, start, mode, setMode, code, setCode, codeIssue, finish, withPasskey };
}

export type SecondFactor = ReturnType<typeof useSecondFactor>;
