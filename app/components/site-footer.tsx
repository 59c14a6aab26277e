import { Link } from "react-router";
import { BRAND } from "../../universal/brand/brand";
import { SOCIAL_NETWORKS } from "../../universal/brand/social";
import { VPN_SERVER_REGIONS } from "../../universal/routing/sub-pages";
import { useT } from "../i18n/translator";
import { useClaimTexts } from "../lib/claim-texts";
import { useLocale } from "../lib/use-page";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";

const GROUPS: Record<string, ReadonlyArray<readonly [string, string]>> = {
  product: [
    ["features", "/features"],
    ["pricing", "/pricing"],
    ["download", "/download"],
    ["vpnTrial", "/vpn-trial"],
    ["whatIsVpn", "/what-is-vpn"],
    ["socialMedia", "/vpn-for-social-media"],
  ],
  company: [
    ["aboutUs", "/aboutus"],
    ["pressRoom", "/press-room"],
    ["affiliate", "/affiliate"],
    ["blog", "/blog"],
  ],
  help: [
    ["contactUs", "/contact-us"],
    ["helpCenter", "/help"],
    ["myAccount", "/myaccount"],
    ["whatIsMyIp", "/what-is-my-ip"],
    ["webrtcLeakTest", "/webrtc-leak-test"],
  ],
  legal: [
    ["privacyPolicy", "/privacy-policy"],
    ["termsOfService", "/terms-of-service"],
    ["termsOfUse", "/termsuse"],
    ["cookiePolicy", "/cookie-policy-2025"],
  ],
};

/** Footer: every page group, the server countries, legal links and all languages. */
export function SiteFooter() {
  const t = useT("footer");
  const { to } = useLocale();
  const tl = useT("location");
  const tc = useT("common");
  // The money-back page is offered only while the operator makes that promise.
  const { moneyBack } = useClaimTexts();
  const label = (key: string) => (key === "vpnTrial" ? (moneyBack ?? "") : t(`links.${key}`));
  const link = "text-sm text-slate-300 hover:text-white hover:underline underline-offset-4";

  return (
    <footer className="mt-auto bg-ink-900 text-slate-200 print:hidden">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-12 sm:grid-cols-3 lg:grid-cols-6">
        <div className="col-span-2 sm:col-span-3 lg:col-span-1">
          <Logo className="text-white" />
          <p className="mt-3 text-sm text-slate-300">{t("tagline")}</p>
          {BRAND.social.length > 0 ? (
            <nav aria-labelledby="footer-social" className="mt-4">
              <h2 id="footer-social" className="text-sm font-semibold text-white">
                {t("followUs")}
              </h2>
              <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
                {BRAND.social.map(({ network, url }) => (
                  <li key={url}>
                    <a href={url} rel="me noopener" className={link}>
                      {SOCIAL_NETWORKS[network]}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
        {Object.entries(GROUPS).map(([group, links]) => (
          <div key={group}>
            <h2 className="text-sm font-semibold text-white">{t(`groups.${group}`)}</h2>
            <ul className="mt-3 space-y-2">
              {links
                .filter(([key]) => key !== "vpnTrial" || moneyBack)
                .map(([key, path]) => (
                  <li key={key}>
                    {/* The help centre is an outside site chosen per language by the server (/help). */}
                    {path === "/help" ? (
                      <a href={to(path)} className={link}>
                        {label(key)}
                      </a>
                    ) : (
                      <Link to={to(path)} className={link}>
                        {label(key)}
                      </Link>
                    )}
                  </li>
                ))}
            </ul>
          </div>
        ))}
        <div>
          <h2 className="text-sm font-semibold text-white">{t("groups.servers")}</h2>
          <ul className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 lg:grid-cols-1">
            {VPN_SERVER_REGIONS.map((region) => (
              <li key={region}>
                <Link to={to(`/vpn-server/${region}`)} className={link}>
                  {tl(`countries.${region}`)}
                </Link>
              </li>
            ))}
            <li>
              <Link to={to("/vpn-server")} className={link}>
                {t("links.allServers")}
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-slate-300 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-sm font-semibold text-white">{t("languages")}</h2>
            <LanguageSwitcher placement="footer" />
          </div>
          <button type="button" data-consent-reopen="" className={link}>
            {tc("consent.settings")}
          </button>
          <p className="text-sm">{t("copyright", { year: new Date().getUTCFullYear() })}</p>
        </div>
      </div>
    </footer>
  );
}
