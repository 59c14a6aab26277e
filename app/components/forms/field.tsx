import { type InputHTMLAttributes, useId, useState } from "react";
import { emailIssue } from "../../../universal/validation/account-checks";
import { normalizeEmail } from "../../../universal/validation/email-pattern";
import { useT } from "../../i18n/translator";

/** A labelled input with its error (a `forms` key) announced to screen readers. */
export function Field({
  label,
  error,
  hint,
  password,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string; password?: boolean }) {
  const t = useT("forms");
  const id = useId();
  const [visible, setVisible] = useState(false);
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1" data-field>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {/* The wrapper takes the input's direction, so the show/hide button sits where the padding is. */}
      <div className="relative" dir={input.dir}>
        <input
          id={id}
          {...input}
          type={password ? (visible ? "text" : "password") : input.type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base aria-[invalid]:border-red-700 ${password ? "pe-28" : ""}`}
        />
        {password ? (
          <button
            type="button"
            onClick={() => setVisible(!visible)}
            className="absolute inset-y-0 end-0 rounded px-3 text-sm text-brand-700"
            aria-pressed={visible}
          >
            {visible ? t("password.hide") : t("password.show")}
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700" role="alert" data-field-error>
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/** The e-mail field every account and checkout form uses (left-to-right even in Arabic). */
export function EmailField({
  value,
  onChange,
  error,
  hint,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
}) {
  const t = useT("forms");
  // Tell the user when the address their account keeps is not quite what they typed
  // (`Name@Gmail.com`): accounts are known by the address in small letters.
  const kept = normalizeEmail(value).toLowerCase();
  const changed = kept !== value.trim() && !emailIssue(value);
  const shown = [hint, changed ? t("email.normalized", { email: kept }) : undefined].filter(Boolean).join(" ");
  return (
    <Field
      label={t("email.label")}
      type="email"
      name="email"
      autoComplete="email"
      dir="ltr"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      hint={shown || undefined}
      required
    />
  );
}
