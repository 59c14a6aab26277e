import { readStored, removeStored, writeStored } from "./local-store";

/**
 * Client state USERINFO (SPEC §3) without the token: the session lives only in an HttpOnly
 * cookie (docs/decisions/009-session-in-an-httponly-cookie.md).
 */
export interface UserInfo {
  name: string;
  avatar: string;
  password_set: boolean;
  /** The address was proved by an e-mailed code: a first password then needs no code (decision 020). */
  email_verified?: boolean;
  setPassword: boolean;
  paysuc: boolean;
  user_id: number;
  vip: { remain_time: number; is_vip: boolean };
}

export const USERINFO_KEY = "USERINFO";
const CHANGE_EVENT = "veilport:userinfo";
// Set when this page signs the visitor out: what the server knew at load time no longer holds.
let signedOutHere = false;

function announceChange(): void {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Calls back when USERINFO changes in this tab or another one. */
export function subscribeUserInfo(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === USERINFO_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * Whether the visitor counts as signed in: stored USERINFO says so, or the server saw a valid
 * session when it rendered the page and nothing here has signed the visitor out since.
 */
export function signedInFrom(state: { stored: boolean; serverSawSession: boolean; signedOutHere: boolean }): boolean {
  return state.stored || (state.serverSawSession && !state.signedOutHere);
}

export function isSignedIn(serverSawSession: boolean): boolean {
  return signedInFrom({ stored: Boolean(readUserInfo()), serverSawSession, signedOutHere });
}

export function saveUserInfo(user: {
  user_id: number;
  /** Null for an account-number account (decision 042). */
  email: string | null;
  is_password_set: boolean;
  is_email_verified?: boolean;
  vip: { is_vip: boolean; remain_time: number };
}) {
  const previous = readUserInfo();
  writeStored<UserInfo>(USERINFO_KEY, {
    // An account-number account has no address: the checkout names it by its account id (decision 042).
    name: user.email ?? `#${user.user_id}`,
    avatar: "",
    password_set: user.is_password_set,
    email_verified: user.is_email_verified ?? false,
    setPassword: !user.is_password_set,
    paysuc: previous?.paysuc ?? false,
    user_id: user.user_id,
    vip: { remain_time: user.vip.remain_time, is_vip: user.vip.is_vip },
  });
  signedOutHere = false;
  announceChange();
}

/**
 * SPEC §3 after a successful payment: `paysuc` is set, and `setPassword` asks an account without
 * a password (an anonymous purchase) to choose one.
 */
export function afterPayment(info: UserInfo): UserInfo {
  return { ...info, paysuc: true, setPassword: !info.password_set };
}

/** Records a successful payment in the stored USERINFO (nothing when nobody is signed in here). */
export function recordPayment(): UserInfo | undefined {
  const info = readUserInfo();
  if (!info) return undefined;
  const updated = afterPayment(info);
  writeStored<UserInfo>(USERINFO_KEY, updated);
  announceChange();
  return updated;
}

export function readUserInfo(): UserInfo | undefined {
  return readStored<UserInfo>(USERINFO_KEY);
}

export function clearUserInfo(): void {
  removeStored(USERINFO_KEY);
  signedOutHere = true;
  announceChange();
}
