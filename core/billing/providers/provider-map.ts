import { isCurrency } from "../../../universal/billing/currencies";
import { isProcessorKind, PROCESSOR_KINDS, type ProcessorKind } from "../../../universal/billing/processor-kinds";
import { PROVIDER_CODES, type ProviderCode } from "../../../universal/billing/provider-codes";

/**
 * The operator's payment settings (decision 048), parsed at start by server/config.ts, which names
 * the variable in front of each problem: PAYMENT_PROVIDERS maps provider codes to processor kinds
 * in the checkout's order (`s1=stripe,pd=paddle`); PAYMENT_PROVIDER_CURRENCIES and
 * PAYMENT_PROVIDER_COUNTRIES narrow a code to some currencies or buyer countries
 * (`pd=USD/EUR/GBP,rz=USD`).
 */
export interface ProviderMapEntry {
  code: ProviderCode;
  kind: ProcessorKind;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

const isProviderCode = (value: string): value is ProviderCode => (PROVIDER_CODES as readonly string[]).includes(value);

/** `code=value` pairs, comma-separated; each code once. */
function pairs(text: string): Parsed<Array<[ProviderCode, string]>> {
  const found: Array<[ProviderCode, string]> = [];
  for (const part of text.split(",").map((item) => item.trim())) {
    if (!part) continue;
    const [code = "", value, ...rest] = part.split("=").map((item) => item.trim());
    if (value === undefined || rest.length > 0 || !value) {
      return { ok: false, problem: `has "${part}" where a code=value pair belongs (e.g. s1=stripe)` };
    }
    if (!isProviderCode(code)) {
      return { ok: false, problem: `names ${code}, which is no provider code (one of ${PROVIDER_CODES.join(", ")})` };
    }
    if (found.some(([seen]) => seen === code)) return { ok: false, problem: `names ${code} twice` };
    found.push([code, value]);
  }
  return { ok: true, value: found };
}

/** PAYMENT_PROVIDERS: the codes the checkout offers, in its order, each with its processor kind. */
export function parseProviderMap(text: string): Parsed<ProviderMapEntry[]> {
  const parsed = pairs(text);
  if (!parsed.ok) return parsed;
  if (parsed.value.length === 0) return { ok: false, problem: "maps no provider code (e.g. s1=stripe,pd=paddle)" };
  const entries: ProviderMapEntry[] = [];
  for (const [code, kind] of parsed.value) {
    if (!isProcessorKind(kind)) {
      return {
        ok: false,
        problem: `maps ${code} to ${kind}, which is no processor (one of ${Object.keys(PROCESSOR_KINDS).join(", ")})`,
      };
    }
    if (code === "gap") return { ok: false, problem: "maps gap, whose purchases start in the Android app only" };
    entries.push({ code, kind });
  }
  return { ok: true, value: entries };
}

/** A per-code list of slash-separated values (`pd=USD/EUR`), each checked by `valid`. */
function parseLists(
  text: string,
  valid: (value: string) => boolean,
  what: string,
): Parsed<Partial<Record<ProviderCode, string[]>>> {
  const parsed = pairs(text);
  if (!parsed.ok) return parsed;
  const lists: Partial<Record<ProviderCode, string[]>> = {};
  for (const [code, value] of parsed.value) {
    const items = value.split("/").map((item) => item.trim().toUpperCase());
    const wrong = items.find((item) => !valid(item));
    if (wrong !== undefined) return { ok: false, problem: `gives ${code} "${wrong}", which is not ${what}` };
    lists[code] = [...new Set(items)];
  }
  return { ok: true, value: lists };
}

/** PAYMENT_PROVIDER_CURRENCIES: the currencies of content/currencies.ts a code takes. */
export function parseProviderCurrencies(text: string): Parsed<Partial<Record<ProviderCode, string[]>>> {
  return parseLists(text, isCurrency, "a currency of content/currencies.ts");
}

/** PAYMENT_PROVIDER_COUNTRIES: the buyer countries a code serves. */
export function parseProviderCountries(text: string): Parsed<Partial<Record<ProviderCode, string[]>>> {
  return parseLists(text, (item) => /^[A-Z]{2}$/.test(item), "a country code (two letters, ISO 3166)");
}

/** The codes each map names that the checkout does not offer: a setting for them would do nothing. */
export function unofferedCodes(offered: readonly ProviderCode[], lists: Partial<Record<ProviderCode, string[]>>) {
  return (Object.keys(lists) as ProviderCode[]).filter((code) => !offered.includes(code));
}
