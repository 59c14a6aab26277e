import type { Locale } from "../../../universal/i18n/locales";
import {
  fillPlaceholders,
  type LocalisedText,
  localise,
  type Segment,
} from "../../../universal/promotions/promotion-config";

const TONE_CLASS: Record<Segment["tone"], string> = {
  plain: "",
  accent: "text-amber-300",
  highlight: "rounded bg-amber-200 px-1 text-ink-900",
};

/** A translated catalogue text marks its coloured part as <accent>…</accent>. */
export function markedSegments(text: string): { text: string; tone: Segment["tone"] }[] {
  return text
    .split(/(<accent>.*?<\/accent>)/)
    .filter((part) => part.length > 0)
    .map((part) => {
      const accent = /^<accent>(.*)<\/accent>$/.exec(part);
      return accent ? { text: accent[1] ?? "", tone: "accent" as const } : { text: part, tone: "plain" as const };
    });
}

/** Placeholder values for a language: the operator's per-language ones, then the built-ins. */
export function placeholderValues(
  placeholders: Record<string, LocalisedText>,
  locale: Locale,
  builtIns: Record<string, string>,
): Record<string, string> {
  const values: Record<string, string> = { ...builtIns };
  for (const [name, text] of Object.entries(placeholders)) values[name] = localise(text, locale);
  return values;
}

export function Headline({
  segments,
  values,
}: {
  segments: { text: string; tone: Segment["tone"] }[];
  values: Record<string, string>;
}) {
  return (
    <>
      {segments.map((segment, index) => (
        // Segments are a fixed list for one render: the index is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <span key={index} className={TONE_CLASS[segment.tone]}>
          {fillPlaceholders(segment.text, values)}
        </span>
      ))}
    </>
  );
}

/** A promotion's or popup's own segments in one language. */
export function localisedSegments(segments: Segment[], locale: Locale) {
  return segments.map((segment) => ({ text: localise(segment.text, locale), tone: segment.tone }));
}
