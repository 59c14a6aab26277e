/** The kinds of problem a form control can have, named as the browser's ValidityState names them. */
export type FieldProblem = "valueMissing" | "typeMismatch" | "patternMismatch" | "tooShort" | "tooLong";

/**
 * What is wrong with a control's value, from the rules its attributes state (required, minlength,
 * maxlength, type, pattern: written by the server from the same limits as its zod schema). The
 * value is trimmed first, as the server trims it: spaces alone are no answer. Null when fine.
 */
export function fieldProblem(
  value: string,
  validity: Pick<ValidityState, "typeMismatch" | "patternMismatch" | "tooLong">,
  rules: { required: boolean; minLength: number; maxLength: number },
): FieldProblem | null {
  const trimmed = value.trim();
  if (!trimmed) return rules.required ? "valueMissing" : null;
  if (validity.typeMismatch) return "typeMismatch";
  if (validity.patternMismatch) return "patternMismatch";
  if (rules.minLength > 0 && trimmed.length < rules.minLength) return "tooShort";
  if (validity.tooLong || (rules.maxLength >= 0 && trimmed.length > rules.maxLength)) return "tooLong";
  return null;
}
