import type { TrustFacts } from "../../content/trust";

/** What is wrong with the operator's trust facts (content/trust.ts); empty when they may be shown. */
export function trustFactProblems(facts: TrustFacts): string[] {
  const problems: string[] = [];
  const isHttps = (url: string) => {
    try {
      return new URL(url).protocol === "https:";
    } catch {
      return false;
    }
  };
  facts.ratings.forEach((entry, index) => {
    const at = `ratings[${index}]`;
    if (!entry.source.trim()) problems.push(`${at}.source is empty`);
    if (!Number.isFinite(entry.rating) || entry.rating < 0 || entry.rating > 5)
      problems.push(`${at}.rating must be between 0 and 5`);
    if (!isHttps(entry.url)) problems.push(`${at}.url must be an https address`);
  });
  facts.press.forEach((entry, index) => {
    const at = `press[${index}]`;
    if (!entry.name.trim()) problems.push(`${at}.name is empty`);
    if (!isHttps(entry.url)) problems.push(`${at}.url must be an https address`);
  });
  return problems;
}

/** Stops the build (the home page's prerender) on a bad entry, naming each problem. */
export function assertTrustFacts(facts: TrustFacts): void {
  const problems = trustFactProblems(facts);
  if (problems.length > 0) throw new Error(`content/trust.ts: ${problems.join("; ")}`);
}

export function hasTrustFacts(facts: TrustFacts): boolean {
  return facts.ratings.length > 0 || facts.press.length > 0;
}
