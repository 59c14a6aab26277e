/**
 * Whether a discount figure from the plans API ("69%", "0%") is a saving worth a badge or a
 * promotion: the server sends "0%" when no plan is discounted (decision 025).
 */
export function showsSaving(percent: string | undefined | null): percent is string {
  return (Number.parseInt(percent ?? "", 10) || 0) > 0;
}
