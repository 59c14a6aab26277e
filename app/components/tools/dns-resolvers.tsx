import { useT } from "../../i18n/translator";
import type { DnsLeakResolver } from "../../lib/dns-leak";
import { useLocale } from "../../lib/use-page";
import { countryName } from "../account/client-names";
import { Address } from "./isolated-addresses";

/** The resolvers a DNS leak test saw: address, country, network, and whether each is the VPN's. */
export function DnsResolvers({ resolvers }: { resolvers: readonly DnsLeakResolver[] }) {
  const t = useT("dns-leak-test");
  const { locale } = useLocale();
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-start text-sm" data-testid="dns-resolvers">
        <caption className="sr-only">{t("table.caption")}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-start">
            <th className="py-2 pe-4 text-start">{t("table.address")}</th>
            <th className="py-2 pe-4 text-start">{t("table.country")}</th>
            <th className="py-2 pe-4 text-start">{t("table.network")}</th>
            <th className="py-2 text-start">{t("table.vpn")}</th>
          </tr>
        </thead>
        <tbody>
          {resolvers.map((resolver) => (
            <tr key={resolver.ip} className="border-b border-slate-200">
              <td className="py-2 pe-4">
                <Address address={resolver.ip} />
              </td>
              <td className="py-2 pe-4">{countryName(resolver.country_code || null, locale, t("table.unknown"))}</td>
              <td className="py-2 pe-4">
                {resolver.organisation || t("table.unknown")}
                {resolver.asn !== null ? (
                  <bdi dir="ltr" className="ms-1 text-slate-600">
                    AS{resolver.asn}
                  </bdi>
                ) : null}
              </td>
              <td className={`py-2 font-semibold ${resolver.vpn ? "text-green-800" : "text-red-800"}`}>
                {t(resolver.vpn ? "table.yes" : "table.no")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
