import { useCallback, useEffect, useState } from "react";
import {
  connectionVerdict,
  FINDING_NAMES,
  type Findings,
  parseForcedFindings,
  type Verdict,
} from "../../../universal/tools/connection-verdict";
import { PageIntro } from "../../components/page-intro";
import { SentenceWithAddresses } from "../../components/tools/isolated-addresses";
import { ToolsHeader } from "../../components/tools/tools-header";
import { useT } from "../../i18n/translator";
import {
  addressFromOrigin,
  addressOfFamily,
  dnsFinding,
  familyFinding,
  webrtcFinding,
} from "../../lib/connection-check";
import { runDnsLeakTest } from "../../lib/dns-leak";
import { useApi } from "../../lib/use-api";
import { gatherCandidates, uniqueCandidates } from "../../lib/webrtc-leak";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/connection-check";

export function loader(args: Route.LoaderArgs) {
  const forced = args.context.allowForcedFindings
    ? parseForcedFindings(new URL(args.request.url).searchParams.get("findings"))
    : null;
  return {
    ...loadPage(args, "connection-check"),
    address: args.context.clientAddress,
    origins: args.context.ipCheckOrigins ?? {},
    stunUrl: args.context.stunUrl ?? null,
    probe: args.context.dnsLeakProbe ?? null,
    forced,
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

type State = { phase: "waiting" } | { phase: "running" } | { phase: "done"; findings: Findings };

export default function ConnectionCheckPage({ loaderData }: Route.ComponentProps) {
  const t = useT("connection-check");
  const call = useApi();
  const { address, origins, stunUrl, probe, forced } = loaderData;
  const [state, setState] = useState<State>({ phase: "waiting" });

  const run = useCallback(async () => {
    if (forced) {
      setState({ phase: "done", findings: forced });
      return;
    }
    setState({ phase: "running" });
    // Each family on its own host name when the site has one, else the address this page came from.
    const family = async (which: 4 | 6) => {
      const origin = origins[which];
      return familyFinding(origin ? await addressFromOrigin(origin, which) : addressOfFamily(address, which));
    };
    const [ipv4, ipv6, dns, webrtc] = await Promise.all([
      family(4),
      family(6),
      probe
        ? runDnsLeakTest(call, probe, "standard").then(dnsFinding, () =>
            dnsFinding({ probes: 0, answered: 0, resolvers: [] }),
          )
        : dnsFinding(null),
      typeof RTCPeerConnection === "undefined"
        ? webrtcFinding(null)
        : gatherCandidates(stunUrl).then(
            (lines) => webrtcFinding(uniqueCandidates(lines)),
            () => webrtcFinding(null),
          ),
    ]);
    // Without a host name for a family, a family the page did not come over is not tested at all.
    const untested = (which: 4 | 6, finding: typeof ipv4) =>
      !origins[which] && finding.state === "none" ? { state: "untested" as const, addresses: [] } : finding;
    setState({ phase: "done", findings: { ipv4: untested(4, ipv4), ipv6: untested(6, ipv6), dns, webrtc } });
  }, [address, origins, stunUrl, probe, forced, call]);

  useEffect(() => {
    run();
  }, [run]);

  return (
    <>
      <ToolsHeader />
      <PageIntro />
      <section className="mx-auto max-w-5xl px-4 py-10" aria-labelledby="verdict-title">
        <h2 id="verdict-title" className="text-2xl font-bold">
          {t("verdict.title")}
        </h2>
        <div className="mt-4" aria-live="polite" data-testid="connection-verdict">
          {state.phase === "waiting" ? (
            <p className="rounded-lg bg-slate-100 p-4">{t("noScript")}</p>
          ) : state.phase === "running" ? (
            <p>{t("running")}</p>
          ) : (
            <VerdictBox verdict={connectionVerdict(state.findings)} />
          )}
        </div>
        {state.phase === "done" ? (
          <>
            <h2 className="mt-10 text-2xl font-bold">{t("findings.title")}</h2>
            <dl className="mt-4 space-y-4" data-testid="findings">
              {FINDING_NAMES.map((name) => (
                <div key={name} className="rounded-lg border border-slate-200 bg-white p-4">
                  <dt className="font-bold">{t(`findings.${name}.name`)}</dt>
                  <dd className="mt-1 text-slate-800" data-finding={name} data-state={state.findings[name].state}>
                    <SentenceWithAddresses
                      t={t}
                      textKey={`findings.${name}.${state.findings[name].state}`}
                      values={{ addresses: state.findings[name].addresses }}
                    />
                  </dd>
                </div>
              ))}
            </dl>
            <button
              type="button"
              onClick={run}
              className="mt-6 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-600"
            >
              {t("again")}
            </button>
          </>
        ) : null}
      </section>
    </>
  );
}

const TONES: Record<Verdict["kind"], string> = {
  protected: "border-green-600 bg-green-50",
  "not-connected": "border-slate-500 bg-slate-100",
  leaking: "border-red-600 bg-red-50",
};

function VerdictBox({ verdict }: { verdict: Verdict }) {
  const t = useT("connection-check");
  return (
    <div className={`rounded-xl border-s-4 p-4 ${TONES[verdict.kind]}`}>
      <h3 className="text-lg font-bold" data-testid="verdict">
        {t(`verdict.${verdict.kind}`)}
      </h3>
      <p className="mt-1">{t(`verdict.${verdict.kind}Text`)}</p>
      {verdict.kind === "not-connected" && verdict.throughVpn.length > 0 ? (
        <p className="mt-2">{t("verdict.partial")}</p>
      ) : null}
      {verdict.kind === "protected" && verdict.unconfirmed.length > 0 ? (
        <p className="mt-2">{t("verdict.unconfirmed")}</p>
      ) : null}
      {verdict.kind === "leaking" ? (
        <ul className="mt-2 list-disc ps-6">
          {verdict.leaks.map((name) => (
            <li key={name}>{t(`verdict.leaks.${name}`)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
