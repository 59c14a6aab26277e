import { useT } from "../../i18n/translator";
import { type Candidate, candidateFinding, type LeakVerdict } from "../../lib/webrtc-leak";
import { Address } from "./isolated-addresses";

const COLUMNS = ["address", "type", "protocol", "finding"] as const;

/** Every candidate WebRTC revealed: address, where it came from, protocol and what it means. */
export function WebrtcCandidates({ candidates, verdict }: { candidates: Candidate[]; verdict: LeakVerdict }) {
  const t = useT("webrtc-leak-test");
  return (
    <section className="mx-auto max-w-5xl px-4 pb-10" aria-labelledby="candidates-title">
      <h2 id="candidates-title" className="text-2xl font-bold">
        {t("candidates.title")}
      </h2>
      {/* On a phone a long IPv6 address or finding may still not fit: the table scrolls, not the page. */}
      <div className="mt-4 overflow-x-auto">
        <table className="w-full border-collapse text-start text-sm">
          <thead>
            <tr className="border-b border-slate-300">
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-2 py-2 text-start sm:px-3">
                  {t(`candidates.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {candidates.map((candidate) => (
              <tr
                key={`${candidate.address}|${candidate.type}|${candidate.protocol}`}
                className="border-b border-slate-200"
              >
                <td className="px-2 py-2 sm:px-3">
                  <Address address={candidate.address} />
                </td>
                <td className="px-2 py-2 sm:px-3">{t(`types.${candidate.type}`, { defaultValue: candidate.type })}</td>
                <td className="px-2 py-2 uppercase sm:px-3">
                  <bdi>{candidate.protocol}</bdi>
                </td>
                <td className="px-2 py-2 sm:px-3">{t(`findings.${candidateFinding(candidate, verdict)}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
