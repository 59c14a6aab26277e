import { describe, expect, it } from "vitest";
import { DEFAULT_NOTICE_SETTINGS, dueNotice, type NoticeSubject, noticeHorizonMs } from "./notice-due";

const NOW = new Date("2026-03-01T12:00:00Z");
const days = (n: number) => new Date(NOW.getTime() + n * 24 * 60 * 60 * 1000);
const annual = (over: Partial<NoticeSubject>): NoticeSubject => ({
  status: "active",
  autoRenew: true,
  currentPeriodEnd: days(5),
  months: 12,
  ...over,
});

describe("dueNotice", () => {
  const cases: Array<[string, NoticeSubject, ReturnType<typeof dueNotice>]> = [
    ["annual plan renewing in 5 days", annual({}), { kind: "renewal", periodEnd: days(5) }],
    [
      "annual plan renewing in exactly 7 days",
      annual({ currentPeriodEnd: days(7) }),
      { kind: "renewal", periodEnd: days(7) },
    ],
    ["annual plan renewing in 8 days: not yet", annual({ currentPeriodEnd: days(8) }), null],
    ["6-month plan: long enough", annual({ months: 6 }), { kind: "renewal", periodEnd: days(5) }],
    ["1-month plan: renews without a notice", annual({ months: 1 }), null],
    ["period already over", annual({ currentPeriodEnd: days(-1) }), null],
    ["no paid period yet", annual({ status: "pending", currentPeriodEnd: null }), null],
    ["renewal off: the expiry notice", annual({ autoRenew: false }), { kind: "expiry", periodEnd: days(5) }],
    [
      "cancelled: the expiry notice, not the renewal",
      annual({ status: "canceled", autoRenew: false }),
      { kind: "expiry", periodEnd: days(5) },
    ],
    [
      "renewal off on a 1-month plan: still told it ends",
      annual({ months: 1, autoRenew: false }),
      { kind: "expiry", periodEnd: days(5) },
    ],
    ["renewal off, 10 days left: not yet", annual({ autoRenew: false, currentPeriodEnd: days(10) }), null],
    ["refunded (expired): nothing", annual({ status: "expired", autoRenew: false }), null],
    [
      "renewal failed yesterday",
      annual({ status: "past_due", currentPeriodEnd: days(-1) }),
      { kind: "payment_failed", periodEnd: days(-1) },
    ],
    ["renewal failed 31 days ago: too old", annual({ status: "past_due", currentPeriodEnd: days(-31) }), null],
    [
      "past due on a short plan: still told",
      annual({ status: "past_due", months: 1, currentPeriodEnd: days(-2) }),
      { kind: "payment_failed", periodEnd: days(-2) },
    ],
  ];
  it.each(cases)("%s", (_name, subject, expected) => {
    expect(dueNotice(subject, NOW, DEFAULT_NOTICE_SETTINGS)).toEqual(expected);
  });

  it("follows the operator's settings; 0 turns a notice off", () => {
    const settings = { renewalDays: 14, renewalMinMonths: 1, expiryDays: 0 };
    expect(dueNotice(annual({ months: 1, currentPeriodEnd: days(13) }), NOW, settings)?.kind).toBe("renewal");
    expect(dueNotice(annual({ autoRenew: false }), NOW, settings)).toBeNull();
    expect(dueNotice(annual({}), NOW, { ...settings, renewalDays: 0 })).toBeNull();
  });

  it("looks as far ahead as the furthest notice", () => {
    expect(noticeHorizonMs({ renewalDays: 7, renewalMinMonths: 6, expiryDays: 3 })).toBe(7 * 86_400_000);
    expect(noticeHorizonMs({ renewalDays: 0, renewalMinMonths: 6, expiryDays: 0 })).toBe(0);
  });
});
