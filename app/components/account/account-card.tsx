import type { ReactNode } from "react";
import { LoadingOverlay } from "../loading-overlay";
import type { SectionNotice } from "./account-api";

/**
 * One card of the account page. Its notice is the section's one polite live region, present
 * from the start (so screen readers hear each change), under the card's controls: results and
 * errors are read where they happen, never as toasts over the buttons.
 */
export function AccountCard({
  id,
  title,
  busy,
  notice,
  children,
}: {
  /** The card's anchor, for links into the page (a mail's "#subscription", /pricing's "#plan-switch"). */
  id?: string;
  title: string;
  busy?: boolean;
  notice?: SectionNotice;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-busy={busy}
      className="relative rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-3 flex flex-col gap-3">{children}</div>
      <p
        role="status"
        className={`mt-3 text-sm empty:mt-0 ${notice?.tone === "error" ? "font-medium text-red-700" : "text-green-800"}`}
      >
        {notice?.text ?? ""}
      </p>
      <LoadingOverlay busy={busy} />
    </section>
  );
}
