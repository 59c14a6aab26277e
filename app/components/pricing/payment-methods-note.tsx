import { useT } from "../../i18n/translator";
import { offerLabel, ProcessorMark } from "../checkout/processor-mark";

/**
 * The ways to pay the visitor can use in the currency the prices are in, from their country, in
 * the operator's order (decision 048): told on the pricing page, before anyone picks a plan.
 */
export function PaymentMethodsNote({
  currency,
  methods,
}: {
  currency: string;
  methods: Array<{ code: string; kind: string | null }> | undefined;
}) {
  const t = useT("pricing");
  if (!methods) return null;
  if (methods.length === 0) {
    return (
      <p role="status" className="my-4 text-center text-sm text-amber-900">
        {t("noMethodsIn", { currency })}
      </p>
    );
  }
  return (
    <div className="my-4 flex flex-wrap items-center justify-center gap-3 text-sm">
      <span id="payment-methods" className="font-semibold">
        {t("methodsIn", { currency })}
      </span>
      <ul aria-labelledby="payment-methods" className="flex flex-wrap items-center justify-center gap-3">
        {methods.map((method) => (
          <li key={method.code} className="flex items-center gap-1.5" data-payment-method={method.code}>
            <ProcessorMark kind={method.kind} />
            {offerLabel(method, t)}
          </li>
        ))}
      </ul>
    </div>
  );
}
