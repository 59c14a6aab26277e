/**
 * Environment variables that look like one of ours but are not it (`SUPORT_EMAIL`,
 * `PAYMENT_MOD`, `stripe_secret_key`): each with the variable probably meant. A name matches
 * when it is ours in another case, or within a small edit distance of ours (one edit from five
 * characters on, two from ten), so PATH, HOME or HOSTNAME never do.
 */
export function misspeltVariables(
  names: Iterable<string>,
  known: readonly string[],
): Array<{ variable: string; meant: string }> {
  const exact = new Set(known);
  const found: Array<{ variable: string; meant: string }> = [];
  for (const variable of names) {
    if (exact.has(variable)) continue;
    const upper = variable.toUpperCase();
    const allowed = upper.length >= 10 ? 2 : upper.length >= 5 ? 1 : 0;
    let best: { meant: string; distance: number } | null = null;
    for (const candidate of known) {
      const distance = editDistance(upper, candidate, allowed);
      if (distance <= allowed && (!best || distance < best.distance)) best = { meant: candidate, distance };
    }
    if (best) found.push({ variable, meant: best.meant });
  }
  return found;
}

/**
 * Optimal string alignment distance (insertions, deletions, substitutions and swaps of two
 * neighbours); anything above `limit` comes back as limit + 1.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
    }
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, limit + 1);
}
