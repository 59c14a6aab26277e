import { useT } from "../../i18n/translator";

/** The ten recovery codes, shown once: left to right in every language, easy to copy or print. */
export function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT("twofactor");
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3" data-recovery-codes>
      <h3 className="font-semibold">{t("codes.title")}</h3>
      <p className="text-sm">{t("codes.intro")}</p>
      <ol dir="ltr" className="grid grid-cols-2 gap-x-4 gap-y-1 font-mono text-base">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <button
        type="button"
        className="min-h-11 self-start rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
        onClick={onDone}
      >
        {t("codes.saved")}
      </button>
    </div>
  );
}
