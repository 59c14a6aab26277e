import { fillPlaceholders, type Segment } from "../../../universal/promotions/promotion-config";
import { SEGMENT_TONE_CLASS } from "../../lib/promotion-flow";

/**
 * A colour-marked headline. Without values (server HTML of document pages) its {{placeholders}}
 * stay for the promotions island to fill in the browser.
 */
export function Headline({
  segments,
  values = {},
}: {
  segments: { text: string; tone: Segment["tone"] }[];
  values?: Record<string, string>;
}) {
  return (
    <>
      {segments.map((segment, index) => (
        // Segments are a fixed list for one render: the index is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <span key={index} className={SEGMENT_TONE_CLASS[segment.tone] || undefined}>
          {fillPlaceholders(segment.text, values)}
        </span>
      ))}
    </>
  );
}
