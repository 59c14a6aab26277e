/** The console's text inputs and selects share one look. */
export const CONSOLE_CONTROL = "rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base";

/**
 * A labelled select of the console's forms (filters, roles, statuses); `anyLabel` adds a first
 * choice with the value "" (no filter).
 */
export function ChoiceField<Value extends string>({
  id,
  label,
  value,
  onChange,
  options,
  anyLabel,
}: {
  id: string;
  label: string;
  value: Value | "";
  onChange: (value: Value) => void;
  options: ReadonlyArray<{ value: Value; label: string }>;
  anyLabel?: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as Value)}
        className={CONSOLE_CONTROL}
      >
        {anyLabel === undefined ? null : <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
