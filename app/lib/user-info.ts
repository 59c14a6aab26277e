import { readStored, removeStored, writeStored } from "./local-store";

/**
 * Client state USERINFO (SPEC §3) without the token: the session lives only in an HttpOnly
 * cookie (docs/decisions/009-session-in-an-httponly-cookie.md).
 */
export interface UserInfo {
  name: string;
  avatar: string;
  password_set: boolean;
  setPassword: boolean;
  paysuc: boolean;
  user_id: number;
  vip: { remain_time: number; is_vip: boolean };
}

export const USERINFO_KEY = "USERINFO";

export function saveUserInfo(user: {
  user_id: number;
  email: string;
  is_password_set: boolean;
  vip: { is_vip: boolean; remain_time: number };
}) {
  const previous = readUserInfo();
  writeStored<UserInfo>(USERINFO_KEY, {
    name: user.email,
    avatar: "",
    password_set: user.is_password_set,
    setPassword: !user.is_password_set,
    paysuc: previous?.paysuc ?? false,
    user_id: user.user_id,
    vip: { remain_time: user.vip.remain_time, is_vip: user.vip.is_vip },
  });
}

export function readUserInfo(): UserInfo | undefined {
  return readStored<UserInfo>(USERINFO_KEY);
}

export function clearUserInfo(): void {
  removeStored(USERINFO_KEY);
}
