/**
 * Lighthouse's CPU slowdown for this machine, from the benchmarkIndex Lighthouse measures.
 *
 * Lighthouse's fixed 4x slowdown turns a high-end desktop (benchmarkIndex ~1500) into its
 * reference mid-tier phone; on a slower host it simulates a much slower phone, and Lighthouse
 * then warns "the tested device appears to have a slower CPU than Lighthouse expects". Its
 * throttling guide (docs/throttling.md, "Calibrating the CPU slowdown") says to lower the
 * multiplier there; these are the figures of the Lighthouse team's calculator
 * (patrickhulce/lighthouse-cpu-throttling-calculator): 2000 → 6x, 1300 → 3x, 800 → 2x, 150 → 1x.
 * The simulated phone stays the same whatever machine runs the bench (decision 016).
 */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return 4;
  let multiplier: number;
  if (benchmarkIndex >= 1300) multiplier = 3 + (benchmarkIndex - 1300) / 233;
  else if (benchmarkIndex >= 800) multiplier = 2 + (benchmarkIndex - 800) / 500;
  else multiplier = 1 + (benchmarkIndex - 150) / 650;
  return Math.round(Math.max(1, multiplier) * 100) / 100;
}

/** The middle value (the lower middle for an even count); runs are noisy, the median is not. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}
