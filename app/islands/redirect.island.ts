/**
 * The /redirect interstitial's timed forward. Without JavaScript the page shows the same link to
 * follow by hand (a timed meta refresh would take the choice away from slow readers, WCAG 2.2.1).
 */
const link = document.querySelector<HTMLAnchorElement>("a[data-forward-after-ms]");
if (link) {
  const after = Number(link.dataset.forwardAfterMs);
  setTimeout(() => window.location.assign(link.href), Number.isFinite(after) ? after : 3000);
}
