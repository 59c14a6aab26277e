import { describe, expect, it } from "vitest";
import { NO_CLAIMS } from "../../universal/claims/schema";
import type { Locale } from "../../universal/i18n/locales";
import { translate } from "../../universal/i18n/translate";
import { loadNamespaces } from "../i18n/catalogues.server";
import { joinSentences } from "./claim-texts";
import { type ClaimName, protocolList, shownItems } from "./claims";

const ALL = { moneyBackDays: 30, noLogs: true, noLogsReportUrl: null, protocols: ["wireguard", "openvpn"] } as const;
const CARDS: ReadonlyArray<{ key: string; claim?: ClaimName }> = [
  { key: "encryption" },
  { key: "noLogs", claim: "noLogs" },
  { key: "moneyBack", claim: "moneyBack" },
];

describe("shownItems", () => {
  it.each([
    {
      name: "every promise made",
      claims: { ...ALL, protocols: [...ALL.protocols] },
      keys: ["encryption", "noLogs", "moneyBack"],
    },
    {
      name: "no money-back window",
      claims: { ...ALL, protocols: [], moneyBackDays: null },
      keys: ["encryption", "noLogs"],
    },
    { name: "nothing promised", claims: NO_CLAIMS, keys: ["encryption"] },
  ])("$name", ({ claims, keys }) => {
    expect(shownItems(CARDS, claims).map((card) => card.key)).toEqual(keys);
  });
});

describe("protocolList", () => {
  it.each([
    { locale: "en", protocols: ["wireguard"], text: "WireGuard" },
    { locale: "en", protocols: ["wireguard", "openvpn", "ikev2"], text: "WireGuard, OpenVPN, and IKEv2/IPsec" },
    { locale: "de", protocols: ["wireguard", "openvpn"], text: "WireGuard und OpenVPN" },
    { locale: "ja", protocols: ["wireguard", "openvpn"], text: "WireGuard、OpenVPN" },
  ] as const)("$locale: $text", ({ locale, protocols, text }) => {
    expect(protocolList({ ...NO_CLAIMS, protocols: [...protocols] }, locale)).toBe(text);
  });
});

describe("joinSentences", () => {
  it.each([
    { locale: "en", parts: ["One.", null, "Two."], text: "One. Two." },
    { locale: "ja", parts: ["一。", "二。"], text: "一。二。" },
    { locale: "th", parts: ["หนึ่ง", "สอง"], text: "หนึ่ง สอง" },
    { locale: "fa", parts: ["یک.", "دو."], text: "یک. دو." },
    { locale: "fr", parts: ["Un.", undefined], text: "Un." },
  ] as const)("$locale", ({ locale, parts, text }) => {
    expect(joinSentences(locale, ...parts)).toBe(text);
  });
});

describe("the money-back window and the country count in each language's counted forms", () => {
  const say = (locale: Locale, key: string, count: number) =>
    translate(loadNamespaces(locale, ["common"]), locale, "common", `claims.${key}`, { count });
  it.each([
    { locale: "en", key: "moneyBack", count: 30, text: "30-day money-back guarantee" },
    { locale: "en", key: "refund", count: 1, text: "within 1 day of" },
    { locale: "en", key: "countries", count: 1, text: "1 country" },
    { locale: "de", key: "serversIn", count: 14, text: "Server in 14 Ländern" },
    { locale: "fr", key: "refund", count: 14, text: "dans un délai de 14 jours" },
    { locale: "ru", key: "refund", count: 21, text: "в течение 21 дня" },
    { locale: "ru", key: "refund", count: 30, text: "в течение 30 дней" },
    { locale: "ru", key: "countries", count: 3, text: "3 страны" },
    { locale: "pl", key: "refund", count: 2, text: "w ciągu 2 dni" },
    { locale: "pl", key: "countries", count: 14, text: "14 krajów" },
    { locale: "ar", key: "moneyBack", count: 1, text: "خلال يوم واحد" },
    { locale: "ar", key: "moneyBack", count: 2, text: "خلال يومين" },
    { locale: "ar", key: "moneyBack", count: 7, text: "خلال 7 أيام" },
    { locale: "ar", key: "moneyBack", count: 30, text: "خلال 30 يومًا" },
    { locale: "ja", key: "moneyBack", count: 14, text: "14日間返金保証" },
  ] as const)("$locale $key $count", ({ locale, key, count, text }) => {
    expect(say(locale, key, count)).toContain(text);
  });
});
