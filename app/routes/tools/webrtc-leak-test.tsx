import { useCallback, useEffect, useState } from "react";
import { PageIntro } from "../../components/page-intro";
import { ToolsHeader } from "../../components/tools/tools-header";
import { useT } from "../../i18n/translator";
import {
  type Candidate,
  candidateFinding,
  gatherCandidates,
  type LeakVerdict,
  leakVerdict,
  uniqueCandidates,
} from "../../lib/webrtc-leak";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/webrtc-leak-test";

export function loader(args: Route.LoaderArgs) {
  return {
    ...loadPage(args, "webrtc-leak-test"),
    address: args.context.clientAddress,
    stunUrl: args.context.stunUrl ?? null,
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

type TestState =
  | { phase: "waiting" }
  | { phase: "running" }
  | { phase: "unsupported" }
  | { phase: "failed" }
  | { phase: "done"; candidates: Candidate[]; verdict: LeakVerdict };

const BROWSERS = ["chrome", "firefox", "safari", "brave"] as const;

export default function WebrtcLeakTestPage({ loaderData }: Route.ComponentProps) {
  const t = useT("webrtc-leak-test");
  const { address, stunUrl } = loaderData;
  const [state, setState] = useState<TestState>({ phase: "waiting" });

  const run = useCallback(async () => {
    if (typeof RTCPeerConnection === "undefined") {
      setState({ phase: "unsupported" });
      return;
    }
    setState({ phase: "running" });
    try {
      const candidates = uniqueCandidates(await gatherCandidates(stunUrl));
      setState({ phase: "done", candidates, verdict: leakVerdict(candidates, [address]) });
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
          <p className="mt-2 break-all font-mono text-3xl font-bold text-brand-900" data-testid="server-ip" dir="ltr">
            {address}
          </p>
        </div>
      </PageIntro>

      <section className="mx-auto max-w-5xl px-4 py-10" aria-labelledby="result-title">
        <h2 id="result-title" className="text-2xl font-bold">
          {t("result.title")}
        </h2>
        <div className="mt-4" aria-live="polite" data-testid="leak-result">
          <Result state={state} />
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
        {stunUrl ? null : <p className="mt-4 text-sm text-slate-700">{t("noStun")}</p>}
      </section>

      {state.phase === "done" && state.candidates.length > 0 ? (
        <section className="mx-auto max-w-5xl px-4 pb-10" aria-labelledby="candidates-title">
          <h2 id="candidates-title" className="text-2xl font-bold">
            {t("candidates.title")}
          </h2>
          <div className="mt-4 overflow-x-auto">
            <table className="w-full border-collapse text-start text-sm">
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="px-3 py-2 text-start">
                    {t("candidates.address")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start">
                    {t("candidates.type")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start">
                    {t("candidates.protocol")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start">
                    {t("candidates.finding")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {state.candidates.map((candidate) => (
                  <tr
                    key={`${candidate.address}|${candidate.type}|${candidate.protocol}`}
                    className="border-b border-slate-200"
                  >
                    <td className="break-all px-3 py-2 font-mono" dir="ltr">
                      {candidate.address}
                    </td>
                    <td className="px-3 py-2">{t(`types.${candidate.type}`, { defaultValue: candidate.type })}</td>
                    <td className="px-3 py-2 uppercase">{candidate.protocol}</td>
                    <td className="px-3 py-2">{t(`findings.${candidateFinding(candidate, state.verdict)}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      <section className="mx-auto max-w-3xl px-4 pb-12" aria-labelledby="advice-title">
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
        <p className="mt-3 text-slate-800">{t("about.how")}</p>
      </section>
    </>
  );
}

function Result({ state }: { state: TestState }) {
  const t = useT("webrtc-leak-test");
  switch (state.phase) {
    case "waiting":
      // What the server renders; replaced as soon as the page's script starts the test.
      return <p className="rounded-lg bg-slate-100 p-4">{t("result.noScript")}</p>;
    case "running":
      return <p>{t("result.running")}</p>;
    case "unsupported":
      return <p className="rounded-lg bg-green-50 p-4">{t("result.unsupported")}</p>;
    case "failed":
      return (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          {t("result.failed")}
        </p>
      );
    default: {
      const { verdict } = state;
      const leak = verdict.status === "leak";
      return (
        <div
          className={`rounded-xl border-s-4 p-4 ${leak ? "border-red-600 bg-red-50" : "border-green-600 bg-green-50"}`}
        >
          <h3 className="text-lg font-bold" data-testid="verdict">
            {t(leak ? "result.leakTitle" : "result.noLeakTitle")}
          </h3>
          <p className="mt-1">
            {leak
              ? t("result.leak", { addresses: verdict.leaked.join(", ") })
              : t(verdict.publicAddresses.length > 0 ? "result.noLeak" : "result.noPublic")}
          </p>
          {verdict.localAddresses.length > 0 ? (
            <p className="mt-2 text-sm">{t("result.local", { addresses: verdict.localAddresses.join(", ") })}</p>
          ) : null}
        </div>
      );
    }
  }
}
