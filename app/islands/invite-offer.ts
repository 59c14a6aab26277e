import { watchInvite } from "../lib/attribution-client";

/** On /pricing: the invited friend's offer line (server HTML, hidden) shows while an invite is remembered (decision 047). */
export function showInviteOffer(doc: Document = document): void {
  const line = doc.querySelector<HTMLElement>("[data-invite-offer]");
  if (!line) return;
  watchInvite((invited) => {
    line.hidden = !invited;
  });
}
