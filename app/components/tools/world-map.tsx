import { mapPoint } from "./ip-view";

/**
 * A world outline drawn from this site's own SVG (no tile servers) with a marker at the
 * approximate location. The outline's coordinates are degrees, so the marker needs no library.
 */
export function WorldMap({ latitude, longitude, label }: { latitude: number; longitude: number; label: string }) {
  const { x, y } = mapPoint(latitude, longitude);
  return (
    <figure className="relative overflow-hidden rounded-xl border border-slate-200 bg-sky-50" dir="ltr">
      <img src="/images/world-map.svg" width={720} height={288} alt="" className="block h-auto w-full" />
      <svg
        viewBox="0 6 360 144"
        className="absolute inset-0 h-full w-full text-brand-700"
        role="img"
        aria-label={label}
      >
        <circle cx={x} cy={y} r={7} fill="currentColor" fillOpacity={0.2} />
        <circle cx={x} cy={y} r={2.6} fill="currentColor" stroke="#fff" strokeWidth={1} />
      </svg>
    </figure>
  );
}
