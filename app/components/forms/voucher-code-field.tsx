import { formatVoucherCode, normaliseVoucherCode } from "../../../universal/vouchers/voucher-code";
import { useT } from "../../i18n/translator";
import { Field } from "./field";

/**
 * The hint's example code, isolated left to right (U+2066…U+2069) with non-breaking hyphens: in
 * Arabic or Persian text it reads as one code, never split or reordered around the hyphens.
 */
const EXAMPLE = `\u2066${"7K3M-Q9XD-2HNP-W4TB-CF8R".replaceAll("-", "\u2011")}\u2069`;

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
      hint={t("code_hint", { example: EXAMPLE })}
    />
  );
}
