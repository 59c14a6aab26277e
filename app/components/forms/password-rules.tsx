import { passwordChecks } from "../../../universal/validation/account-checks";
import { useT } from "../../i18n/translator";

/** Live hints: each rule of SPEC §5, ticked as the password meets it. */
export function PasswordRules({ password }: { password: string }) {
  const t = useT("forms");
  const checks = passwordChecks(password);
  return (
    <div className="text-sm">
      <p className="text-slate-700">{t("password.rules")}</p>
      <ul className="mt-1 grid gap-0.5 sm:grid-cols-2">
        {(Object.keys(checks) as Array<keyof typeof checks>).map((rule) => (
          <li key={rule} className={checks[rule] ? "text-green-800" : "text-slate-600"}>
            <span aria-hidden="true">{checks[rule] ? "✓ " : "○ "}</span>
            {t(`rules.${rule}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
