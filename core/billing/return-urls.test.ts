import { describe, expect, it } from "vitest";
import { orderLocale, purchaseReturnUrls } from "./return-urls";

describe("purchaseReturnUrls", () => {
  it.each([
    ["en", "https://vp.test/paystatus?order=ord_1&provider=s1"],
    ["de", "https://vp.test/de/paystatus?order=ord_1&provider=s1"],
    ["ar", "https://vp.test/ar/paystatus?order=ord_1&provider=s1"],
    [undefined, "https://vp.test/paystatus?order=ord_1&provider=s1"],
    ["xx", "https://vp.test/paystatus?order=ord_1&provider=s1"],
  ])("returns a buyer in %s to %s", (locale, expected) => {
    const urls = purchaseReturnUrls({ origin: "https://vp.test", locale, orderId: "ord_1", provider: "s1" });
    expect(urls.returnUrl).toBe(expected);
    expect(urls.cancelUrl).toBe(`${expected}&left=1`);
  });

  it("keeps the order id and provider safe in the query", () => {
    const urls = purchaseReturnUrls({ origin: "", locale: "ja", orderId: "a&b", provider: "p d" });
    expect(urls.returnUrl).toBe("/ja/paystatus?order=a%26b&provider=p%20d");
  });
});

describe("orderLocale", () => {
  it.each([
    ['{"language":"de"}', "en", "de"],
    ['{"language":"zz"}', "ja", "ja"],
    ["{}", "ar", "ar"],
    ["not json", null, "en"],
    [null, "xx", "en"],
  ])("client info %s with account language %s is %s", (clientInfo, account, expected) => {
    expect(orderLocale(clientInfo, account)).toBe(expected);
  });
});
