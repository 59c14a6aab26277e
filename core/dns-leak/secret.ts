import type { Database } from "../../db/client";
import { sharedSecret } from "../security/shared-secret";

/** The MAC secret of DNS leak test ids, one for every process (app_meta), read once per process. */
export function dnsLeakSecret(db: Database): () => Promise<string> {
  let secret: Promise<string> | undefined;
  return () => {
    secret ??= sharedSecret(db, "dns_leak_secret").catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };
}
