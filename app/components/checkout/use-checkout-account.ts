import { useEffect, useState } from "react";
import { API_ERRORS } from "../../../universal/api/errors";
import { track } from "../../lib/analytics-gate";
import { ApiError } from "../../lib/api";
import { attributionNow } from "../../lib/attribution-client";
import { captchaCall } from "../../lib/captcha-call";
import { useApi } from "../../lib/use-api";
import { readUserInfo, saveUserInfo } from "../../lib/user-info";
import { pendingFrom, useSecondFactor } from "../two-factor/use-second-factor";

type UserAnswer = {
  user_id: number;
  email: string | null;
  is_password_set: boolean;
  vip: { is_vip: boolean; remain_time: number };
};

/**
 * The buyer's account at checkout: signed in already, or made from the typed address; an address
 * that has an account already gets an e-mailed code to sign in with instead.
 */
export function useCheckoutAccount() {
  const call = useApi();
  const [signedIn, setSignedIn] = useState<string | null>(null);
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [needCode, setNeedCode] = useState(false);
  // With two-factor sign-in on, the e-mailed code is followed by the second factor.
  const secondFactor = useSecondFactor();

  useEffect(() => {
    setSignedIn(readUserInfo()?.name ?? null);
  }, []);

  const finishSignIn = (user: UserAnswer) => {
    saveUserInfo(user);
    setSignedIn(user.email ?? `#${user.user_id}`);
    return true;
  };

  /** True once the buyer is signed in; false when a code (or the second factor) must be typed first. */
  async function ensureAccount(): Promise<boolean> {
    if (signedIn) return true;
    if (secondFactor.pending?.token) return finishSignIn(await secondFactor.finish<UserAnswer>());
    if (needCode) {
      try {
        const user = await captchaCall<UserAnswer>(
          call,
          "POST",
          "/api/mms/account/v1/web/login",
          { email: email.trim(), code: code.trim() },
          "login",
        );
        return finishSignIn(user);
      } catch (failure) {
        const pending = pendingFrom(failure);
        if (!pending) throw failure;
        secondFactor.start(pending);
        return false;
      }
    }
    try {
      const user = await captchaCall<UserAnswer>(
        call,
        "POST",
        "/api/mms/account/v1/web/anonymous_signup",
        { email: email.trim(), attribution: attributionNow() },
        "signup",
      );
      saveUserInfo(user);
      track("sign_up", { method: "checkout" });
      setSignedIn(user.email ?? `#${user.user_id}`);
      return true;
    } catch (failure) {
      if (failure instanceof ApiError && failure.envelope.code === API_ERRORS.accountExists.code) {
        setNeedCode(true);
        return false;
      }
      throw failure;
    }
  }

  return { signedIn, email, setEmail, code, setCode, needCode, ensureAccount, secondFactor, finishSignIn };
}
