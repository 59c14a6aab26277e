import { Field } from "./field";

/** The six digits of an e-mailed code: numeric keyboard, one-time-code autofill, left to right. */
export function CodeField({
  label,
  value,
  onChange,
  error,
  required,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
}) {
  return (
    <Field
      label={label}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      dir="ltr"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      required={required}
    />
  );
}
