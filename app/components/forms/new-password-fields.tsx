import { useT } from "../../i18n/translator";
import { Field } from "./field";
import { PasswordRules } from "./password-rules";

interface NewPasswordFieldsProps {
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
  /** Message keys (`forms` namespace) shown under each field. */
  passwordError?: string;
  repeatError?: string;
  /** Input names, kept as each form always had them (password managers remember them). */
  names?: { password?: string; repeat?: string };
  required?: boolean;
}

/** A new password, the live rule list, and the password again: the shape of every set, change and reset form. */
export function NewPasswordFields({
  password,
  repeat,
  onPassword,
  onRepeat,
  passwordError,
  repeatError,
  names = {},
  required,
}: NewPasswordFieldsProps) {
  const t = useT("forms");
  return (
    <>
      <Field
        label={t("password.newLabel")}
        name={names.password}
        password
        autoComplete="new-password"
        dir="ltr"
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        error={passwordError}
        required={required}
      />
      <PasswordRules password={password} />
      <Field
        label={t("password.repeatLabel")}
        name={names.repeat}
        password
        autoComplete="new-password"
        dir="ltr"
        value={repeat}
        onChange={(event) => onRepeat(event.target.value)}
        error={repeatError}
        required={required}
      />
    </>
  );
}
