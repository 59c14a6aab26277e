// Plain DOM helpers shared by the apps' forms (use-submit-feedback.ts) and the islands.

/** Focuses the first invalid control (in document order), else scrolls the form's alert into view. */
export function revealFirstProblem(form: HTMLElement): void {
  const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  const target = field ?? form.querySelector<HTMLElement>('[role="alert"]');
  if (!target) return;
  target.scrollIntoView({ block: "center", behavior: scrollBehavior() });
  field?.focus({ preventScroll: true });
}

/** Brings an element that just appeared (a success message) into view and moves focus to it. */
export function revealAndFocus(element: HTMLElement): void {
  element.scrollIntoView({ block: "center", behavior: scrollBehavior() });
  element.focus({ preventScroll: true });
}

function scrollBehavior(): ScrollBehavior {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}
