import { isProcessorKind, PROCESSOR_KINDS } from "../../../universal/billing/processor-kinds";

/**
 * A processor's mark, drawn here (decision 048): its colour and letter from
 * universal/billing/processor-kinds.ts, so the page asks no third party for a logo before the
 * buyer has chosen. Without a kind (the sandbox standing in for every code) a plain card.
 */
export function ProcessorMark({ kind }: { kind: string | null }) {
  const mark = kind && isProcessorKind(kind) ? PROCESSOR_KINDS[kind].mark : null;
  return (
    <svg
      viewBox="0 0 32 20"
      width="32"
      height="20"
      aria-hidden="true"
      focusable="false"
      data-processor-mark={kind ?? "card"}
      className="shrink-0"
    >
      {mark ? (
        <>
          <rect width="32" height="20" rx="4" fill={mark.colour} />
          <text
            x="16"
            y="15"
            textAnchor="middle"
            fontSize="14"
            fontWeight="700"
            fontFamily="system-ui, sans-serif"
            fill="#ffffff"
          >
            {mark.letter}
          </text>
        </>
      ) : (
        <>
          <rect x="0.5" y="0.5" width="31" height="19" rx="3.5" fill="#ffffff" stroke="#64748b" />
          <rect x="0.5" y="5" width="31" height="3.5" fill="#64748b" />
          <rect x="4" y="12" width="10" height="2.5" rx="1" fill="#94a3b8" />
        </>
      )}
    </svg>
  );
}

/** What a way to pay is called: its processor's own name, or (no kind) what the code offers. */
export function offerLabel(
  offer: { code: string; kind: string | null },
  t: (key: string, vars?: Record<string, string>) => string,
): string {
  return offer.kind && isProcessorKind(offer.kind)
    ? PROCESSOR_KINDS[offer.kind].name
    : t(`checkout.providers.${offer.code}`);
}
