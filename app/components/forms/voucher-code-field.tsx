import { formatVoucherCode, normaliseVoucherCode } from "../../../universal/vouchers/voucher-code";
import { useT } from "../../i18n/translator";
import { Field } from "./field";

/**
 * A voucher code's field (decision 046), on /redeem and in the account: typed any way, shown in
 * groups once it is a code; left to right in every language.
 */
export function VoucherCodeField({
  name,
  value,
  onChange,
  error,
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const t = useT("redeem");
  return (
    <Field
      label={t("code_label")}
      name={name}
      autoComplete="off"
      spellCheck={false}
      dir="ltr"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => {
        const canonical = normaliseVoucherCode(value);
        if (canonical) onChange(formatVoucherCode(canonical));
      }}
      error={error}
      hint={t("code_hint")}
    />
  );
}
