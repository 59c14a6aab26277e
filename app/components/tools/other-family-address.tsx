import { useEffect, useState } from "react";
import { useT } from "../../i18n/translator";
import { Address } from "./isolated-addresses";

/** Asks this app on its IPv4-only or IPv6-only host name for the visitor's other address. */
export function OtherFamilyAddress({ origin, family }: { origin: string; family: 4 | 6 }) {
  const t = useT("what-is-my-ip");
  const [other, setOther] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 5000);
    fetch(new URL("/api/tools/my-ip", origin), { signal: controller.signal, credentials: "omit" })
      .then((response) => response.json() as Promise<{ data: { ip: string; family: number } }>)
      .then(({ data }) => setOther(data.family === family ? data.ip : null))
      .catch(() => setOther(null))
      .finally(() => clearTimeout(timer));
    return () => controller.abort();
  }, [origin, family]);
  return (
    <p className="mt-3 border-t border-slate-200 pt-3 text-sm" aria-live="polite" data-testid="other-family">
      {other === undefined ? (
        t(`otherFamily.checking${family}`)
      ) : other === null ? (
        t(`otherFamily.none${family}`)
      ) : (
        <>
          {t(`family.${family}`)}:{" "}
          <span className="font-semibold">
            <Address address={other} />
          </span>
        </>
      )}
    </p>
  );
}
