import { useCallback, useEffect, useState } from "react";
import { isVpnExit } from "../../../universal/net/vpn-network";
import { PageIntro } from "../../components/page-intro";
import { DnsResolvers } from "../../components/tools/dns-resolvers";
import { ToolsHeader } from "../../components/tools/tools-header";
import { useT } from "../../i18n/translator";
import { type DnsLeakMode, type DnsLeakOutcome, runDnsLeakTest } from "../../lib/dns-leak";
import { useApi } from "../../lib/use-api";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/dns-leak-test";

export function loader(args: Route.LoaderArgs) {
  return {
    ...loadPage(args, "dns-leak-test"),
    // null when DNS_LEAK_ZONE is not set: the page says the test is not set up.
    probe: args.context.dnsLeakProbe ?? null,
    onVpn: isVpnExit(args.context.clientAddress),
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

type State =
  | { phase: "waiting" }
  | { phase: "running"; done: number; total: number }
  | { phase: "failed" }
  | { phase: "done"; outcome: DnsLeakOutcome };

export default function DnsLeakTestPage({ loaderData }: Route.ComponentProps) {
  const t = useT("dns-leak-test");
  const call = useApi();
  const { probe, onVpn } = loaderData;
  const [state, setState] = useState<State>({ phase: "waiting" });

  const run = useCallback(
    async (mode: DnsLeakMode) => {
      if (!probe) return;
      setState({ phase: "running", done: 0, total: 0 });
      try {
        const outcome = await runDnsLeakTest(call, probe, mode, (done, total) =>
          setState({ phase: "running", done, total }),
        );
        setState({ phase: "done", outcome });
      } catch {
        setState({ phase: "failed" });
      }
    },
    [call, probe],
  );

  useEffect(() => {
    run("standard");
  }, [run]);

  return (
    <>
      <ToolsHeader />
      <PageIntro />
      <section className="mx-auto max-w-5xl px-4 py-10" aria-labelledby="result-title">
        <h2 id="result-title" className="text-2xl font-bold">
          {t("result.title")}
        </h2>
        <div className="mt-4" aria-live="polite" data-testid="dns-result">
          {probe ? (
            <Result state={state} onVpn={onVpn} />
          ) : (
            <p className="rounded-lg bg-slate-100 p-4">{t("notSetUp")}</p>
          )}
        </div>
        {probe && state.phase !== "running" && state.phase !== "waiting" ? (
          <div className="mt-6">
            <div className="flex flex-wrap gap-3">
              {(["standard", "extended"] as const).map((mode) => (
                <button
                  key={mode}
                  type="button"
                  onClick={() => run(mode)}
                  className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-600"
                >
                  {t(mode)}
                </button>
              ))}
            </div>
            <p className="mt-2 text-sm text-slate-700">{t("modes")}</p>
          </div>
        ) : null}
      </section>
      <section className="mx-auto max-w-3xl px-4 pb-12" aria-labelledby="about-title">
        <h2 id="about-title" className="text-2xl font-bold">
          {t("about.title")}
        </h2>
        <p className="mt-3 text-slate-800">{t("about.what")}</p>
        <p className="mt-3 text-slate-800">{t("about.how")}</p>
      </section>
    </>
  );
}

function Result({ state, onVpn }: { state: State; onVpn: boolean }) {
  const t = useT("dns-leak-test");
  switch (state.phase) {
    case "waiting":
      return <p className="rounded-lg bg-slate-100 p-4">{t("result.noScript")}</p>;
    case "running":
      return <p>{t("result.running", { done: state.done, total: state.total })}</p>;
    case "failed":
      return (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          {t("result.failed")}
        </p>
      );
    default: {
      const { resolvers } = state.outcome;
      if (resolvers.length === 0) return <p className="rounded-lg bg-slate-100 p-4">{t("result.none")}</p>;
      const allVpn = resolvers.every((resolver) => resolver.vpn);
      const kind = allVpn ? "vpn" : onVpn ? "leak" : "outside";
      const tone = {
        vpn: "border-green-600 bg-green-50",
        leak: "border-red-600 bg-red-50",
        outside: "border-slate-500 bg-slate-100",
      };
      return (
        <>
          <div className={`rounded-xl border-s-4 p-4 ${tone[kind]}`}>
            <h3 className="text-lg font-bold" data-testid="dns-verdict">
              {t(`result.${kind}Title`)}
            </h3>
            <p className="mt-1">{t(`result.${kind}`)}</p>
          </div>
          <DnsResolvers resolvers={resolvers} />
        </>
      );
    }
  }
}
