import { useCallback, useEffect, useState } from "react";
import { LoadingOverlay } from "../../components/loading-overlay";
import { PageIntro } from "../../components/page-intro";
import { Breakable } from "../../components/tools/isolated-addresses";
import { ToolsHeader } from "../../components/tools/tools-header";
import { WebrtcCandidates } from "../../components/tools/webrtc-candidates";
import { type LeakTestState, WebrtcResult } from "../../components/tools/webrtc-result";
import { useT } from "../../i18n/translator";
import { externalStunServer, gatherCandidates, leakVerdict, uniqueCandidates } from "../../lib/webrtc-leak";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/webrtc-leak-test";

export function loader(args: Route.LoaderArgs) {
  return {
    ...loadPage(args, "webrtc-leak-test"),
    address: args.context.clientAddress,
    // null when the site runs no STUN server (STUN_PORT=0) and names none (STUN_URL).
    stunUrl: args.context.stunUrl ?? null,
    externalStun: externalStunServer(args.context.stunUrl ?? null, args.context.stunIsOwn ?? true),
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const BROWSERS = ["chrome", "firefox", "safari", "brave"] as const;

export default function WebrtcLeakTestPage({ loaderData }: Route.ComponentProps) {
  const t = useT("webrtc-leak-test");
  const { address, stunUrl, externalStun } = loaderData;
  const [state, setState] = useState<LeakTestState>({ phase: "waiting" });

  const run = useCallback(async () => {
    if (typeof RTCPeerConnection === "undefined") {
      setState({ phase: "unsupported" });
      return;
    }
    setState({ phase: "running" });
    try {
      const candidates = uniqueCandidates(await gatherCandidates(stunUrl));
      const verdict = leakVerdict({ stunConfigured: stunUrl !== null, candidates, serverAddresses: [address] });
      setState({ phase: "done", candidates, verdict });
    } catch {
      setState({ phase: "failed" });
    }
  }, [address, stunUrl]);

  useEffect(() => {
    run();
  }, [run]);

  return (
    <>
      <ToolsHeader />
      <PageIntro>
        <div className="mx-auto mt-8 max-w-xl rounded-2xl bg-white p-6 shadow-sm">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-700">{t("serverSees")}</h2>
          <p
            className="mt-2 font-mono text-3xl font-bold text-brand-900 [overflow-wrap:anywhere]"
            data-testid="server-ip"
            dir="ltr"
          >
            <Breakable address={address} />
          </p>
        </div>
      </PageIntro>

      <section className="mx-auto max-w-5xl px-4 py-10" aria-labelledby="result-title">
        <h2 id="result-title" className="text-2xl font-bold">
          {t("result.title")}
        </h2>
        <div
          className="relative mt-4"
          aria-live="polite"
          aria-busy={state.phase === "waiting" || state.phase === "running"}
          data-testid="leak-result"
        >
          <WebrtcResult state={state} />
          <LoadingOverlay busy={state.phase === "waiting" || state.phase === "running"} />
        </div>
        {state.phase === "done" || state.phase === "failed" ? (
          <button
            type="button"
            onClick={run}
            className="mt-4 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-600"
          >
            {t("again")}
          </button>
        ) : null}
      </section>

      {state.phase === "done" && state.candidates.length > 0 ? (
        <WebrtcCandidates candidates={state.candidates} verdict={state.verdict} />
      ) : null}

      {/* The advice names settings such as media.peerconnection.ice.default_address_only: they may break anywhere. */}
      <section className="mx-auto max-w-3xl px-4 pb-12 [overflow-wrap:anywhere]" aria-labelledby="advice-title">
        <h2 id="advice-title" className="text-2xl font-bold">
          {t("advice.title")}
        </h2>
        <p className="mt-3 text-slate-800">{t("advice.intro")}</p>
        <dl className="mt-4 space-y-4">
          {BROWSERS.map((browser) => (
            <div key={browser}>
              <dt className="font-bold">{t(`advice.${browser}.name`)}</dt>
              <dd className="mt-1 text-slate-800">{t(`advice.${browser}.text`)}</dd>
            </div>
          ))}
        </dl>
        <h2 className="mt-10 text-2xl font-bold">{t("about.title")}</h2>
        <p className="mt-3 text-slate-800">{t("about.what")}</p>
        <p className="mt-3 text-slate-800">
          {
            // First-strong isolation keeps a host name whole inside right-to-left text.
            externalStun ? t("about.howExternal", { server: `\u2068${externalStun}\u2069` }) : t("about.how")
          }
        </p>
      </section>
    </>
  );
}
