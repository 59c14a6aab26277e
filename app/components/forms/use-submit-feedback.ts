import { useCallback, useEffect, useReducer, useRef } from "react";
import { revealFirstProblem } from "../../lib/reveal";

export { revealAndFocus, revealFirstProblem } from "../../lib/reveal";

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
