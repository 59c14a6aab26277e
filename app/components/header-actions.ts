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
