import { describe, expect, it } from "vitest";
import { purchaseAnswer } from "./purchase-answer";

const URL = "https://pay.example/checkout/1";

describe("purchaseAnswer", () => {
  it.each([
    // s1 (SPEC §4): active is success, web_url always copied into redirect_url.
    ["s1", "pending", { redirect_url: URL, success: false }],
    ["s1", "active", { redirect_url: URL, success: true }],
    ["s1", "failed", { redirect_url: URL, success: false }],
    ["s1", "refunded", { redirect_url: URL, success: false }],
    // The others: a way to pay only while the order waits for its payment.
    ["pd", "pending", { redirect_url: URL, success: false }],
    ["pd", "active", { redirect_url: "", success: true }],
    ["ps", "failed", { redirect_url: "", success: false }],
    ["rz", "canceled", { redirect_url: "", success: false }],
    ["tpa", "refunded", { redirect_url: "", success: false }],
    ["so", "active", { redirect_url: "", success: true }],
    ["gap", "pending", { redirect_url: URL, success: false }],
  ])("%s with status %s", (code, status, expected) => {
    expect(purchaseAnswer(code, { status, webUrl: URL })).toEqual({ web_url: URL, status, ...expected });
  });
});
