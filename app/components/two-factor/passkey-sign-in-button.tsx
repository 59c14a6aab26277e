import { useState } from "react";
import { useT } from "../../i18n/translator";
import { passkeyCancelled, passkeysSupported, signInWithPasskey } from "../../lib/passkey-client";
import { apiErrorKey, useApi } from "../../lib/use-api";

/** Sign in with a passkey alone (no e-mail or password): shown where the browser supports WebAuthn. */
export function PasskeySignInButton<U>({ onSignedIn }: { onSignedIn: (user: U) => void }) {
  const t = useT("twofactor");
  const tf = useT("forms");
  const call = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (!passkeysSupported()) return null;
  return (
    <div className="flex flex-col gap-1 border-b border-slate-200 pb-3">
      <button
        type="button"
        disabled={busy}
        className="min-h-11 rounded-lg border border-slate-400 px-5 py-2.5 font-semibold hover:bg-slate-50 disabled:opacity-60"
        onClick={async () => {
          setBusy(true);
          setError(undefined);
          try {
            onSignedIn(await signInWithPasskey<U>(call));
          } catch (failure) {
            if (!passkeyCancelled(failure)) setError(tf(apiErrorKey(failure)));
            setBusy(false);
          }
        }}
      >
        {t("passkeySignIn")}
      </button>
      <p role="status" className="text-sm font-medium text-red-700">
        {error ?? ""}
      </p>
    </div>
  );
}
