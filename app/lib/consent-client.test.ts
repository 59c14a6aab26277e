import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ConsentChoice } from "./consent";

/** A page's document as far as the consent code uses it: the cookie string and <html>'s data. */
function fakePage(cookie: string) {
  const documentElement = { dataset: {} as Record<string, string> };
  return { cookie, documentElement };
}

describe("ANSWERED_SCRIPT: the head script marking <html> before the first paint", () => {
  it.each([
    ["", "ask"],
    ["cookie_consent=v1.a1.m0", "answered"],
    ["locale=de; cookie_consent=v1.a0.m0; other=1", "answered"],
    ["cookie_consent=v1.garbage", "ask"],
    ["cookie_consent=v0.a1.m1", "ask"],
    ["not_cookie_consent=v1.a1.m1", "ask"],
  ])("cookies %j mark %s", async (cookie, mark) => {
    const { ANSWERED_SCRIPT } = await import("./consent-client");
    const page = fakePage(cookie);
    new Function("document", ANSWERED_SCRIPT)(page);
    expect(page.documentElement.dataset.consent).toBe(mark);
  });
});

describe("onConsentAnswered", () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
    vi.stubGlobal("document", fakePage(""));
    vi.stubGlobal("location", { protocol: "http:" });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("calls back once per answer, the stored one after 200 ms, and not when the banner is reopened", async () => {
    (document as unknown as { cookie: string }).cookie = "cookie_consent=v1.a1.m0";
    const client = await import("./consent-client");
    const answers: ConsentChoice[] = [];
    client.onConsentAnswered((choice) => answers.push(choice));
    client.startConsent();
    vi.advanceTimersByTime(199);
    expect(answers).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(answers).toEqual([{ analytics: true, marketing: false }]);

    client.reopenConsent();
    expect(document.documentElement.dataset.consent).toBe("ask");
    expect(answers).toHaveLength(1);
    client.saveConsent({ analytics: false, marketing: false });
    expect(document.documentElement.dataset.consent).toBe("answered");
    expect(answers).toEqual([
      { analytics: true, marketing: false },
      { analytics: false, marketing: false },
    ]);
  });

  it("calls back at once when the answer is already known", async () => {
    const client = await import("./consent-client");
    client.saveConsent({ analytics: true, marketing: true });
    const answers: ConsentChoice[] = [];
    client.onConsentAnswered((choice) => answers.push(choice));
    expect(answers).toEqual([{ analytics: true, marketing: true }]);
  });
});
