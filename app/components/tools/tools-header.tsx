import { NavLink } from "react-router";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";

const TOOLS = [
  { path: "/what-is-my-ip", key: "whatIsMyIp" },
  { path: "/webrtc-leak-test", key: "webrtcLeakTest" },
  // These two load the test zone's names, which only their own CSP allows (decision 043): they
  // are opened with a document load, so the browser gets that CSP.
  { path: "/dns-leak-test", key: "dnsLeakTest", reloadDocument: true },
  { path: "/connection-check", key: "connectionCheck", reloadDocument: true },
] as const;

/** The tools header block: the free tools side by side, the current one marked. */
export function ToolsHeader() {
  const t = useT("header");
  const { to } = useLocale();
  return (
    <nav aria-label={t("nav.tools")} className="border-b border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-1 px-4 py-2 text-sm">
        {TOOLS.map((tool) => (
          <li key={tool.key}>
            <NavLink
              to={to(tool.path)}
              end
              reloadDocument={"reloadDocument" in tool}
              className="block rounded px-3 py-2 hover:bg-brand-50 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand-900"
            >
              {t(`nav.${tool.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
