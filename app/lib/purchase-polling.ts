/**
 * How often the status page asks purchase_result: right away, then after 1 s, each wait half as
 * long again as the one before up to 5 s, for about two minutes in all. Then it stops and says
 * so: a processor that has not answered by then answers later, by webhook.
 */
export const POLL_FIRST_DELAY_MS = 1_000;
export const POLL_GROWTH = 1.5;
export const POLL_MAX_DELAY_MS = 5_000;
export const POLL_TIME_LIMIT_MS = 120_000;

/** The wait before check number `attempt + 1` (0 = the wait after the first check); null: stop. */
export function nextPollDelay(attempt: number): number | null {
  let waited = 0;
  for (let n = 0; n <= attempt; n++) {
    const delay = Math.min(POLL_FIRST_DELAY_MS * POLL_GROWTH ** n, POLL_MAX_DELAY_MS);
    if (waited + delay > POLL_TIME_LIMIT_MS) return null;
    if (n === attempt) return Math.round(delay);
    waited += delay;
  }
  return null;
}

/** How many checks a page makes at most before it stops (the first one included). */
export function maxPollChecks(): number {
  let checks = 1;
  while (nextPollDelay(checks - 1) !== null) checks++;
  return checks;
}
