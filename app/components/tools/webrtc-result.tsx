import { useT } from "../../i18n/translator";
import type { Candidate, LeakVerdict } from "../../lib/webrtc-leak";
import { SentenceWithAddresses } from "./isolated-addresses";

export type LeakTestState =
  | { phase: "waiting" }
  | { phase: "running" }
  | { phase: "unsupported" }
  | { phase: "failed" }
  | { phase: "done"; candidates: Candidate[]; verdict: LeakVerdict };

const TONES: Record<LeakVerdict["status"], string> = {
  leak: "border-red-600 bg-red-50",
  "no-leak": "border-green-600 bg-green-50",
  // Neither good nor bad news: the test did not see what WebRTC shows the outside world.
  untested: "border-slate-500 bg-slate-100",
};

const TITLES: Record<LeakVerdict["status"], string> = {
  leak: "result.leakTitle",
  "no-leak": "result.noLeakTitle",
  untested: "result.untestedTitle",
};

/** The leak test's answer, from "needs JavaScript" to the verdict. */
export function WebrtcResult({ state }: { state: LeakTestState }) {
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
    default:
      return <Verdict verdict={state.verdict} />;
  }
}

function Verdict({ verdict }: { verdict: LeakVerdict }) {
  const t = useT("webrtc-leak-test");
  return (
    <div className={`rounded-xl border-s-4 p-4 ${TONES[verdict.status]}`}>
      <h3 className="text-lg font-bold" data-testid="verdict">
        {t(TITLES[verdict.status])}
      </h3>
      <p className="mt-1">
        {verdict.status === "leak" ? (
          <SentenceWithAddresses t={t} textKey="result.leak" values={{ addresses: verdict.leaked }} />
        ) : verdict.status === "untested" ? (
          t(verdict.reason === "no-stun" ? "result.noStun" : "result.noReflexive")
        ) : (
          t(verdict.publicAddresses.length > 0 ? "result.noLeak" : "result.noPublic")
        )}
      </p>
      {verdict.localAddresses.length > 0 ? (
        <p className="mt-2 text-sm">
          <SentenceWithAddresses t={t} textKey="result.local" values={{ addresses: verdict.localAddresses }} />
        </p>
      ) : null}
    </div>
  );
}
