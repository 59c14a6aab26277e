/** The header's account actions: a signed-in visitor has an account to open, not a plan to buy. */
export type HeaderAction = { key: "login" | "myAccount" | "getVpn"; path: string; primary: boolean };

export function headerActions(signedIn: boolean): HeaderAction[] {
  return signedIn
    ? [{ key: "myAccount", path: "/myaccount", primary: true }]
    : [
        { key: "login", path: "/login", primary: false },
        { key: "getVpn", path: "/pricing", primary: true },
      ];
}

/** Whether the server saw a session: it rendered the signed-in actions visible (site-header.tsx). */
export function serverShowedSignedIn(root: ParentNode): boolean {
  return root.querySelector('[data-signed-in="true"]:not([hidden])') !== null;
}

/** Shows the header's actions for a sign-in state: a document page's HTML carries both sets. */
export function showSignedInActions(root: ParentNode, signedIn: boolean): void {
  for (const element of root.querySelectorAll<HTMLElement>("[data-signed-in]")) {
    element.hidden = element.dataset.signedIn !== String(signedIn);
  }
}
