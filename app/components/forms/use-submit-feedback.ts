import { useCallback, useEffect, useReducer, useRef } from "react";

/**
 * What a phone user needs after pressing "submit" on a long form: the first field that needs
 * them, focused and in view, or else the form's error line in view (its role="alert" announces it).
 * Once per submit, as soon as the form is no longer busy (so server-side field errors count too).
 *
 * Use: `const { formRef, submitted } = useSubmitFeedback(busy)`; put `ref={formRef}` on the form
 * and call `submitted()` first thing in its submit handler. FormCard does this for its forms.
 */
export function useSubmitFeedback(busy: boolean) {
  const formRef = useRef<HTMLFormElement>(null);
  const pending = useRef(false);
  // A submit with unchanged state must still render once, so the check below runs.
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (!pending.current || busy) return;
    pending.current = false;
    if (formRef.current) revealFirstProblem(formRef.current);
  });
  const submitted = useCallback(() => {
    pending.current = true;
    rerender();
  }, []);
  return { formRef, submitted };
}

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
