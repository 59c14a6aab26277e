import { useState } from "react";
import { passwordIssue, verificationCodeIssue } from "../../../universal/validation/account-checks";
import { EmailedCodeField } from "./emailed-code-field";
import { NewPasswordFields } from "./new-password-fields";

/**
 * The state and rules of a new password, with the e-mailed code a first password needs until the
 * address is proved (decision 020): shared by the success page's set-password step and the
 * account's password card.
 */
export function useNewPassword(codeNeeded: boolean) {
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [code, setCode] = useState("");
  const passwordRule = passwordIssue(password);
  const codeRule = codeNeeded ? (code ? verificationCodeIssue(code) : "code.required") : undefined;
  return {
    codeNeeded,
    password,
    setPassword,
    repeat,
    setRepeat,
    code,
    setCode,
    passwordRule,
    codeRule,
    valid: !passwordRule && !codeRule && repeat === password,
    /** The set_password body: the password, with the code when one is needed. */
    setPasswordBody: () => ({ password, ...(codeNeeded ? { code: code.trim() } : {}) }),
    clear: () => {
      setPassword("");
      setRepeat("");
      setCode("");
    },
  };
}

/** The code field (when needed) and the new password twice, each error under its field. */
export function NewPasswordWithCode({
  form,
  email,
  touched,
  codeError,
  passwordError,
  names,
}: {
  form: ReturnType<typeof useNewPassword>;
  email: string;
  touched: boolean;
  /** The server's word on the code or the password, shown when the form's own rules pass. */
  codeError?: string;
  passwordError?: string;
  names?: { password: string; repeat: string };
}) {
  return (
    <>
      {form.codeNeeded ? (
        <EmailedCodeField
          email={email}
          purpose="set_password"
          code={form.code}
          onCode={form.setCode}
          error={(touched ? form.codeRule : undefined) ?? codeError}
        />
      ) : null}
      <NewPasswordFields
        password={form.password}
        repeat={form.repeat}
        onPassword={form.setPassword}
        onRepeat={form.setRepeat}
        passwordError={(touched ? form.passwordRule : undefined) ?? passwordError}
        repeatError={touched && form.repeat !== form.password ? "password.mismatch" : undefined}
        names={names}
      />
    </>
  );
}
