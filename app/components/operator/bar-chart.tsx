import { useId } from "react";

/**
 * A small bar chart drawn as inline SVG (decision 055): no chart library, nothing fetched. The
 * picture is one `role="img"` with its title and a summary; the same numbers follow in a table
 * inside <details>, so a screen reader or a keyboard user gets every value. Time runs in the
 * page's reading direction: from the right in Arabic and Persian.
 */
export interface BarPoint {
  /** The row's header in the table (a formatted day). */
  label: string;
  value: number;
}

const WIDTH = 600;
const HEIGHT = 160;
const TOP = 16;
const BOTTOM = 22;
const SIDE = 4;

export function BarChart({
  title,
  summary,
  points,
  format,
  dir,
  tableLabel,
  columnLabel,
  valueLabel,
  chartId,
}: {
  title: string;
  /** One sentence for the picture's description (the total, the range). */
  summary: string;
  points: readonly BarPoint[];
  format: (value: number) => string;
  dir: "ltr" | "rtl";
  /** The <details> summary ("Numbers"). */
  tableLabel: string;
  columnLabel: string;
  valueLabel: string;
  /** A stable hook for tests and links. */
  chartId: string;
}) {
  const id = useId();
  const max = Math.max(0, ...points.map((point) => point.value));
  const slot = (WIDTH - 2 * SIDE) / Math.max(1, points.length);
  const barWidth = Math.max(1, slot * 0.7);
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const xOf = (index: number) => {
    const x = SIDE + index * slot + (slot - barWidth) / 2;
    return dir === "rtl" ? WIDTH - x - barWidth : x;
  };
  const first = points[0];
  const last = points[points.length - 1];
  const edge = (start: boolean) =>
    start === (dir === "ltr") ? { x: SIDE, anchor: "start" as const } : { x: WIDTH - SIDE, anchor: "end" as const };
  return (
    <figure className="flex flex-col gap-2" data-chart={chartId}>
      <figcaption className="font-semibold">{title}</figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full text-brand-700"
        // The SVG's own coordinates are fixed; the mirrored order is drawn, not inherited.
        direction="ltr"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <line x1={SIDE} x2={WIDTH - SIDE} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="stroke-slate-400" />
        {points.map((point, index) => {
          const height = max > 0 ? (point.value / max) * plotHeight : 0;
          return (
            <rect
              key={point.label}
              x={xOf(index)}
              y={HEIGHT - BOTTOM - height}
              width={barWidth}
              height={height}
              className="fill-current"
            />
          );
        })}
        <text
          x={dir === "rtl" ? WIDTH - SIDE : SIDE}
          y={TOP - 4}
          textAnchor={dir === "rtl" ? "end" : "start"}
          className="fill-slate-700 text-[11px]"
        >
          {format(max)}
        </text>
        {first ? (
          <text x={edge(true).x} y={HEIGHT - 6} textAnchor={edge(true).anchor} className="fill-slate-700 text-[11px]">
            {first.label}
          </text>
        ) : null}
        {last && last !== first ? (
          <text x={edge(false).x} y={HEIGHT - 6} textAnchor={edge(false).anchor} className="fill-slate-700 text-[11px]">
            {last.label}
          </text>
        ) : null}
      </svg>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">{tableLabel}</summary>
        <table className="w-full">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="p-1 text-start">
                {columnLabel}
              </th>
              <th scope="col" className="p-1 text-end">
                {valueLabel}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.label} className="border-b border-slate-100">
                <th scope="row" className="p-1 text-start font-normal">
                  {point.label}
                </th>
                <td className="p-1 text-end tabular-nums">{format(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
