import { type FormEvent, useEffect, useRef, useState } from "react";
import { useT } from "../../i18n/translator";
import { Field } from "../forms/field";

/** A passkey's label, edited in place in the two-factor card (the server trims it to 60 characters). */
export function PasskeyNameForm({
  name,
  onSave,
  onCancel,
}: {
  name: string;
  onSave: (name: string) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useT("twofactor");
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => formRef.current?.querySelector("input")?.focus(), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = value.trim();
    if (!trimmed) return setError("passkeyName.required");
    if ([...trimmed].length > 60) return setError("passkeyName.tooLong");
    setError(undefined);
    await onSave(trimmed);
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex w-full flex-col gap-2">
      <Field
        label={t("passkeys.nameLabel")}
        name="passkey-name"
        autoComplete="off"
        value={value}
        maxLength={80}
        onChange={(event) => setValue(event.target.value)}
        error={error}
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className="min-h-11 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
        >
          {t("passkeys.saveName")}
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="min-h-11 rounded-lg border border-slate-400 px-4 py-2 text-sm font-semibold hover:bg-slate-50"
        >
          {t("passkeys.cancelName")}
        </button>
      </div>
    </form>
  );
}
