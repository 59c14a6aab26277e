import type { Context } from "hono";
import type { AppEnv } from "../../../context";

export type TwoFactorChange =
  | "totp_enabled"
  | "passkey_added"
  | "passkey_removed"
  | "recovery_codes_replaced"
  | "recovery_code_used"
  | "two_factor_off";

/**
 * The one place two-factor changes are reported. For now a structured log line; the security log
 * (issue 20, part 3) records the event here and mails the account.
 */
export function twoFactorChanged(c: Context<AppEnv>, userId: number, change: TwoFactorChange): void {
  c.get("logger").info({ event: "two_factor", change, userId }, "two-factor sign-in changed");
}
