import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useT } from "../i18n/translator";
import { useLocale } from "../lib/use-page";
import { readUserInfo } from "../lib/user-info";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";

const NAV = [
  ["features", "/features"],
  ["pricing", "/pricing"],
  ["download", "/download"],
  ["servers", "/vpn-server"],
  ["blog", "/blog"],
] as const;

const TOOLS = [
  ["whatIsMyIp", "/what-is-my-ip"],
  ["webrtcLeakTest", "/webrtc-leak-test"],
] as const;

/** Site header: logo, main navigation, account link, language switcher. Transparent over a hero. */
export function SiteHeader({ transparent }: { transparent: boolean }) {
  const t = useT("header");
  const { to } = useLocale();
  const tone = transparent
    ? "absolute inset-x-0 top-0 z-20 text-white"
    : "relative z-20 border-b border-slate-200 bg-white";
  const linkClass = "rounded px-3 py-2 text-sm font-medium hover:underline underline-offset-4";
  // Pages are prerendered for everyone: the account link follows the stored USERINFO after hydration.
  const [loggedIn, setLoggedIn] = useState(false);
  useEffect(() => setLoggedIn(Boolean(readUserInfo())), []);
  const account = loggedIn
    ? { path: "/myaccount", label: t("account.myAccount") }
    : { path: "/login", label: t("account.login") };

  const navItems = (
    <>
      {NAV.map(([key, path]) => (
        <li key={key}>
          <Link to={to(path)} className={linkClass}>
            {t(`nav.${key}`)}
          </Link>
        </li>
      ))}
      <li>
        <details className="relative">
          <summary className={`${linkClass} cursor-pointer list-none`}>{t("nav.tools")}</summary>
          <ul className="z-30 mt-1 rounded-lg border border-slate-200 bg-white p-1 text-ink-900 shadow-lg lg:absolute lg:start-0 lg:w-56">
            {TOOLS.map(([key, path]) => (
              <li key={key}>
                <Link to={to(path)} className="block rounded px-3 py-2 text-sm hover:bg-brand-50">
                  {t(`nav.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      </li>
    </>
  );

  return (
    <header className={tone}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-ink-900"
      >
        {t("common:skipToContent")}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <Link to={to("/")} aria-label={t("homeLink")} className="shrink-0 rounded">
          <Logo />
        </Link>
        <nav aria-label={t("nav.label")} className="ms-4 hidden lg:block">
          <ul className="flex items-center gap-1">{navItems}</ul>
        </nav>
        <div className="ms-auto flex items-center gap-1">
          <LanguageSwitcher />
          <Link to={to(account.path)} className={`${linkClass} hidden sm:block`}>
            {account.label}
          </Link>
          <Link
            to={to("/pricing")}
            className="hidden rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600 sm:block"
          >
            {t("account.getVpn")}
          </Link>
          <details className="lg:hidden">
            <summary className={`${linkClass} cursor-pointer list-none`}>
              <span className="sr-only">{t("menu.open")}</span>
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M4 6h16M4 12h16M4 18h16" />
              </svg>
            </summary>
            <nav
              aria-label={t("nav.label")}
              className="absolute inset-x-0 top-16 z-30 border-b border-slate-200 bg-white p-4 text-ink-900 shadow-lg"
            >
              <ul className="flex flex-col gap-1">
                {navItems}
                <li>
                  <Link to={to(account.path)} className={linkClass}>
                    {account.label}
                  </Link>
                </li>
                <li>
                  <Link to={to("/pricing")} className={linkClass}>
                    {t("account.getVpn")}
                  </Link>
                </li>
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
