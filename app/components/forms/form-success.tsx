import { type ReactNode, useEffect, useId, useRef } from "react";
import { FORM_CARD_CLASS } from "./form-card";
import { revealAndFocus } from "./use-submit-feedback";

/**
 * What replaces a form once it has succeeded: scrolled into view and focused when it appears, so
 * a phone user sees it and a screen reader reads it (the region is named by its title or message).
 */
export function FormSuccess({
  title,
  message,
  children,
}: {
  title?: string;
  message: ReactNode;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  const id = useId();
  useEffect(() => {
    if (ref.current) revealAndFocus(ref.current);
  }, []);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={title ? `${id}-title` : `${id}-message`}
      aria-describedby={title ? `${id}-message` : undefined}
      className={`${FORM_CARD_CLASS} outline-none`}
      data-testid="form-success"
    >
      {title ? (
        <h2 id={`${id}-title`} className="text-xl font-bold">
          {title}
        </h2>
      ) : null}
      <p id={`${id}-message`} role="status">
        {message}
      </p>
      {children}
    </section>
  );
}
