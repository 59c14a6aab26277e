import { useMemo } from "react";
import { addPasskey } from "../../lib/passkey-client";
import { useApi } from "../../lib/use-api";

const A = "/api/mms/account/v1/web/two_factor";

export interface TwoFactorStatus {
  enabled: boolean;
  totp: boolean;
  passkeys: Array<{ id: number; name: string | null; created_at: string; last_used_at: string | null }>;
  recovery_codes_left: number;
  passkeys_available: boolean;
  recent_sign_in: boolean;
}

type Codes = { recovery_codes: string[] | null };

/** The two-factor card's calls (contracts: server/api/account/two-factor/). */
export function useTwoFactorApi() {
  const call = useApi();
  return useMemo(
    () => ({
      status: () => call<TwoFactorStatus>("GET", A),
      confirm: (proof: { password: string } | { code: string }) => call<null>("POST", `${A}/confirm`, proof),
      startTotp: () => call<{ secret: string; uri: string }>("POST", `${A}/totp/start`, {}),
      enableTotp: (code: string) => call<Codes>("POST", `${A}/totp/enable`, { code }),
      addPasskey: () => addPasskey(call),
      removePasskey: (id: number) => call<null>("POST", `${A}/passkeys/remove`, { id }),
      renamePasskey: (id: number, name: string) => call<null>("POST", `${A}/passkeys/rename`, { id, name }),
      newRecoveryCodes: () => call<{ recovery_codes: string[] }>("POST", `${A}/recovery_codes`, {}),
      turnOff: () => call<null>("POST", `${A}/off`, {}),
    }),
    [call],
  );
}
