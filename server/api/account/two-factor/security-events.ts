import type { Context } from "hono";
import { recordSecurityEvent } from "../../../../core/auth/security-events";
import type { SecurityEventKind } from "../../../../universal/account/security-events";
import type { AppEnv } from "../../../context";
import type { AccountDeps } from "../account-deps";

export type TwoFactorChange =
  | "totp_enabled"
  | "passkey_added"
  | "passkey_removed"
  | "recovery_codes_replaced"
  | "recovery_code_used"
  | "two_factor_off";

/** The changes the account's security log records and mails about (the others are only logged). */
const LOGGED_KINDS: Partial<Record<TwoFactorChange, SecurityEventKind>> = {
  totp_enabled: "two_factor_enabled",
  passkey_added: "passkey_added",
  passkey_removed: "passkey_removed",
  two_factor_off: "two_factor_disabled",
};

/**
 * The one place two-factor changes are reported: a structured log line, and for a change of the
 * account's factors an event of its security log with a notice to its address (decision 040).
 */
export async function twoFactorChanged(
  deps: Pick<AccountDeps, "db" | "onMailQueued">,
  c: Context<AppEnv>,
  userId: number,
  change: TwoFactorChange,
): Promise<void> {
  c.get("logger").info({ event: "two_factor", change, userId }, "two-factor sign-in changed");
  const kind = LOGGED_KINDS[change];
  if (kind) {
    await recordSecurityEvent(
      deps.db,
      { userId, kind, appType: c.get("app")?.id },
      { onMailQueued: deps.onMailQueued },
    );
  }
}
