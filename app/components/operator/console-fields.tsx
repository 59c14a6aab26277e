import { CONSOLE_CONTROL } from "./choice-field";

/**
 * The console's labelled text and number inputs (the catalogue's and route rules' forms). Codes,
 * ids, paths and amounts are written left to right in every language.
 */
export function TextField({
  id,
  label,
  value,
  onChange,
  type = "text",
  required = false,
  hint,
  wide = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: "text" | "number";
  required?: boolean;
  hint?: string;
  wide?: boolean;
}) {
  return (
    <div className={`flex flex-col gap-1 ${wide ? "min-w-64 flex-1" : "w-32"}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type={type}
        inputMode={type === "number" ? "numeric" : undefined}
        required={required}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        dir="ltr"
        className={CONSOLE_CONTROL}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function CheckField({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex min-h-11 items-center gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5"
      />
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
    </div>
  );
}

export const PRIMARY_BUTTON = "min-h-11 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white";
export const SECONDARY_BUTTON = "min-h-11 rounded-lg border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-50";
