import { describe, expect, it } from "vitest";
import { formatDate } from "../../universal/i18n/format";
import { noticeLink, subscriptionNoticeMail } from "./notice-mails";

const END = new Date("2027-03-01T00:00:00Z");
const mail = (kind: "renewal" | "expiry" | "payment_failed", locale: "en" | "ar" | "ja") =>
  subscriptionNoticeMail({
    kind,
    locale,
    subscriptionId: 42,
    months: 12,
    amountMinor: 4788,
    currency: "USD",
    periodEnd: END,
    siteOrigin: "https://vpn.example",
  });

describe("notice mails", () => {
  it.each([
    ["renewal", "en", "/myaccount#subscription"],
    ["renewal", "ar", "/ar/myaccount#subscription"],
    ["expiry", "ja", "/ja/pricing"],
    ["payment_failed", "en", "/myaccount/payment-method?subscription=42"],
  ] as const)("%s in %s links %s", (kind, locale, path) => {
    expect(noticeLink(kind, 42, locale)).toBe(path);
    const { text, html } = mail(kind, locale);
    expect(text).toContain(`https://vpn.example${path}`);
    expect(html).toContain(`href="https://vpn.example${path}"`);
  });

  it("states the amount and the date of a renewal; an expiry has no amount to pay", () => {
    const renewal = mail("renewal", "en");
    expect(renewal.subject).toContain(formatDate(END, "en"));
    expect(renewal.text).toContain("$47.88 USD");
    expect(mail("expiry", "en").text).not.toContain("47.88");
  });

  it("tells a prepaid (crypto) buyer that nothing renews, not that they turned renewal off", () => {
    const details = {
      kind: "expiry",
      locale: "en",
      subscriptionId: 42,
      months: 12,
      amountMinor: 4788,
      currency: "USD",
      periodEnd: END,
      siteOrigin: "https://vpn.example",
    } as const;
    const prepaid = subscriptionNoticeMail({ ...details, prepaid: true });
    expect(prepaid.text).toContain("was paid in advance");
    expect(prepaid.text).not.toContain("Automatic renewal is off");
    expect(prepaid.text).toContain("https://vpn.example/pricing");
    expect(subscriptionNoticeMail(details).text).toContain("Automatic renewal is off");
  });

  it("keeps the amount left-to-right inside Arabic text", () => {
    const { html } = mail("payment_failed", "ar");
    expect(html).toContain('dir="rtl"');
    expect(html).toMatch(/<bdi dir="ltr">[^<]*USD<\/bdi>/);
  });
});
