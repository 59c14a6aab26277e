import { describe, expect, it } from "vitest";
import { parseProviderCountries, parseProviderCurrencies, parseProviderMap } from "./provider-map";

describe("parseProviderMap (PAYMENT_PROVIDERS)", () => {
  it.each([
    [
      "s1=stripe,pd=paddle",
      [
        ["s1", "stripe"],
        ["pd", "paddle"],
      ],
    ],
    [
      " pd = paddle , s1=stripe ,",
      [
        ["pd", "paddle"],
        ["s1", "stripe"],
      ],
    ],
    ["so=stripe", [["so", "stripe"]]],
    [
      "ps=paypal,s1=stripe",
      [
        ["ps", "paypal"],
        ["s1", "stripe"],
      ],
    ],
  ])("%j maps %j, in that order", (text, entries) => {
    expect(parseProviderMap(text)).toEqual({ ok: true, value: entries.map(([code, kind]) => ({ code, kind })) });
  });

  it.each([
    ["xx=stripe", "names xx, which is no provider code (one of s1, pd, ps, rz, gap, tpa, so)"],
    ["ps=moneybags", "maps ps to moneybags, which is no processor (one of stripe, paddle, paypal, razorpay, btcpay)"],
    ["s1=stripe,s1=paddle", "names s1 twice"],
    ["s1", 'has "s1" where a code=value pair belongs (e.g. s1=stripe)'],
    ["s1=", 'has "s1=" where a code=value pair belongs (e.g. s1=stripe)'],
    ["s1=stripe=x", 'has "s1=stripe=x" where a code=value pair belongs (e.g. s1=stripe)'],
    [" , ", "maps no provider code (e.g. s1=stripe,pd=paddle)"],
    ["gap=stripe", "maps gap, whose purchases start in the Android app only"],
  ])("%j: %s", (text, problem) => {
    expect(parseProviderMap(text)).toEqual({ ok: false, problem });
  });
});

describe("parseProviderCurrencies and parseProviderCountries", () => {
  it.each([
    ["pd=USD/EUR/GBP", { pd: ["USD", "EUR", "GBP"] }],
    ["pd=usd/eur, s1=EUR", { pd: ["USD", "EUR"], s1: ["EUR"] }],
    ["pd=EUR/EUR", { pd: ["EUR"] }],
    ["", {}],
  ])("currencies %j: %j", (text, lists) => {
    expect(parseProviderCurrencies(text)).toEqual({ ok: true, value: lists });
  });

  it.each([
    ["pd=USD/EUE", 'gives pd "EUE", which is not a currency of content/currencies.ts'],
    ["pd=JPY", 'gives pd "JPY", which is not a currency of content/currencies.ts'],
    ["zz=USD", "names zz, which is no provider code (one of s1, pd, ps, rz, gap, tpa, so)"],
  ])("currencies %j: %s", (text, problem) => {
    expect(parseProviderCurrencies(text)).toEqual({ ok: false, problem });
  });

  it.each([
    ["rz=IN", { ok: true, value: { rz: ["IN"] } }],
    ["tpa=de/at", { ok: true, value: { tpa: ["DE", "AT"] } }],
    ["rz=India", { ok: false, problem: 'gives rz "INDIA", which is not a country code (two letters, ISO 3166)' }],
  ])("countries %j: %j", (text, parsed) => {
    expect(parseProviderCountries(text)).toEqual(parsed);
  });
});
