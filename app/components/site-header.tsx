import { Link } from "react-router";
import { useT } from "../i18n/translator";
import { useLocale, useSignedIn } from "../lib/use-page";
import { headerActions } from "./header-actions";
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

// Every link and button here is at least 44 by 44 CSS pixels: a thumb's target on a phone.
const TARGET = "flex min-h-11 items-center";
const TARGET_WHEN_SHOWN = "min-h-11 items-center";
const SUMMARY = "cursor-pointer list-none [&::-webkit-details-marker]:hidden";
const PRIMARY_LOOK = "rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-600";

/** Site header: logo, main navigation, account actions, language switcher. Transparent over a hero. */
export function SiteHeader({ transparent }: { transparent: boolean }) {
  const t = useT("header");
  const { to } = useLocale();
  const actions = useHeaderActions();
  const tone = transparent
    ? "absolute inset-x-0 top-0 z-20 text-white"
    : "relative z-20 border-b border-slate-200 bg-white";
  const linkClass = `${TARGET} rounded px-3 text-sm font-medium underline-offset-4 hover:underline`;

  return (
    <header data-site-header="" className={`${tone} print:hidden`}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-3 focus:text-ink-900"
      >
        {t("common:skipToContent")}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <Link to={to("/")} aria-label={t("homeLink")} className={`${TARGET} shrink-0 rounded`}>
          <Logo />
        </Link>
        <nav aria-label={t("nav.label")} className="ms-4 hidden lg:block">
          <ul className="flex items-center gap-1">
            <NavItems linkClass={linkClass} />
          </ul>
        </nav>
        <div className="ms-auto flex items-center gap-1">
          <LanguageSwitcher />
          {actions.map((action) => (
            <Link
              key={action.key}
              to={to(action.path)}
              data-signed-in={action.signedIn}
              hidden={action.hidden}
              className={`hidden sm:flex ${TARGET_WHEN_SHOWN} text-sm ${action.primary ? PRIMARY_LOOK : "rounded px-3 font-medium underline-offset-4 hover:underline"}`}
            >
              {t(`account.${action.key}`)}
            </Link>
          ))}
          <details className="lg:hidden">
            <summary className={`${TARGET} ${SUMMARY} size-11 justify-center rounded`}>
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
              className="absolute inset-x-0 top-16 z-30 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white p-4 text-ink-900 shadow-lg"
            >
              <ul className="flex flex-col gap-1">
                <NavItems linkClass={`${TARGET} rounded px-3 text-base font-medium hover:bg-brand-50`} />
                {actions.map((action) => (
                  <li
                    key={action.key}
                    data-signed-in={action.signedIn}
                    hidden={action.hidden}
                    className={action.primary ? "mt-2" : undefined}
                  >
                    <Link
                      to={to(action.path)}
                      className={
                        action.primary
                          ? `${TARGET} ${PRIMARY_LOOK} justify-center`
                          : `${TARGET} rounded px-3 font-medium hover:bg-brand-50`
                      }
                    >
                      {t(`account.${action.key}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}

/**
 * The account actions for the visitor's sign-in. The HTML carries both sets, the other one hidden:
 * in the browser, lib/page-chrome.ts shows the set of the browser's stored sign-in.
 */
function useHeaderActions() {
  const signedIn = useSignedIn();
  return [false, true].flatMap((state) =>
    headerActions(state).map((action) => ({ ...action, signedIn: String(state), hidden: state !== signedIn })),
  );
}

/** The main links and the tools menu, in the desktop bar and in the phone's panel. */
function NavItems({ linkClass }: { linkClass: string }) {
  const t = useT("header");
  const { to } = useLocale();
  return (
    <>
      {NAV.map(([key, path]) => (
        <li key={key}>
          <Link to={to(path)} className={linkClass}>
            {t(`nav.${key}`)}
          </Link>
        </li>
      ))}
      <li>
        <details className="group relative">
          <summary className={`${linkClass} ${SUMMARY} gap-1`}>
            {t("nav.tools")}
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-4 transition-transform group-open:rotate-180"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="m6 9 6 6 6-6" />
            </svg>
          </summary>
          <ul className="z-30 mt-1 rounded-lg border border-slate-200 bg-white p-1 text-ink-900 shadow-lg lg:absolute lg:start-0 lg:w-56">
            {TOOLS.map(([key, path]) => (
              <li key={key}>
                <Link to={to(path)} className={`${TARGET} rounded px-3 text-sm hover:bg-brand-50`}>
                  {t(`nav.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      </li>
    </>
  );
}
