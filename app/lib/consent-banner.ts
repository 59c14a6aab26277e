import { ACCEPT_ALL, type ConsentChoice, REJECT_ALL } from "./consent";
import { saveConsent } from "./consent-client";

/**
 * The cookie banner's behaviour, on the server's HTML (components/consent-banner.tsx renders it):
 * one implementation for the document pages' island and the apps' React banner. Its buttons carry
 * data-consent-action; "choose" reveals the fieldset (in the HTML, hidden) and the save button.
 */

export type ConsentAction = "accept" | "reject" | "choose" | "save";

/** What a click on one of the banner's buttons saves; null for "choose", which saves nothing. */
export function choiceFor(
  action: ConsentAction,
  checked: { analytics: boolean; marketing: boolean },
): ConsentChoice | null {
  if (action === "accept") return ACCEPT_ALL;
  if (action === "reject") return REJECT_ALL;
  if (action === "save") return { analytics: checked.analytics, marketing: checked.marketing };
  return null;
}

function checkbox(banner: HTMLElement, name: string): HTMLInputElement | null {
  return banner.querySelector<HTMLInputElement>(`input[name="${name}"]`);
}

/** Back to the first view: the choices folded away (the banner is asked for again). */
export function resetConsentBanner(banner: HTMLElement): void {
  showChoices(banner, false);
}

function showChoices(banner: HTMLElement, choosing: boolean): void {
  for (const element of banner.querySelectorAll<HTMLElement>("[data-consent-choices],[data-consent-action=save]")) {
    element.hidden = !choosing;
  }
  const choose = banner.querySelector<HTMLElement>("[data-consent-action=choose]");
  if (choose) choose.hidden = choosing;
}

/** Wires the banner's buttons; returns the undo (for React effects). */
export function wireConsentBanner(banner: HTMLElement): () => void {
  const onClick = (event: Event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>("[data-consent-action]");
    if (!button || !banner.contains(button)) return;
    const action = button.dataset.consentAction as ConsentAction;
    const choice = choiceFor(action, {
      analytics: checkbox(banner, "analytics")?.checked ?? false,
      marketing: checkbox(banner, "marketing")?.checked ?? false,
    });
    if (choice) {
      saveConsent(choice);
      return;
    }
    showChoices(banner, true);
    // The button that was clicked is gone: the first choice takes the focus.
    checkbox(banner, "analytics")?.focus();
  };
  banner.addEventListener("click", onClick);
  return () => banner.removeEventListener("click", onClick);
}
