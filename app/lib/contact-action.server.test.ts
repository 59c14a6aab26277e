import { describe, expect, it } from "vitest";
import { contactFormError, readContactForm } from "./contact-action.server";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const GOOD = {
  name: "Grace Hopper",
  email: "grace@example.com",
  topic: "technical",
  order_id: "",
  message: "The app disconnects every ten minutes.",
  recasign: "token",
};

describe("readContactForm", () => {
  it("gives the checked report and the token for a good form", () => {
    const read = readContactForm(form(GOOD));
    expect(read.fieldErrors).toEqual({});
    expect(read.recasign).toBe("token");
    expect(read.report).toMatchObject({ name: "Grace Hopper", topic: "technical", order_id: undefined });
  });

  it.each([
    [{ name: "  " }, { name: "contact-us:fields.name.required" }],
    [{ email: "grace@" }, { email: "email.invalid" }],
    [{ email: "" }, { email: "email.required" }],
    [{ topic: "weather" }, { topic: "contact-us:fields.topic.required" }],
    [{ order_id: "ord 1" }, { order_id: "contact-us:fields.orderId.invalid" }],
    [{ message: "Too short." }, { message: "contact-us:fields.message.short" }],
  ])("%j -> %j (one key per field, in its catalogue)", (change, errors) => {
    const read = readContactForm(form({ ...GOOD, ...change }));
    expect(read.report).toBeNull();
    expect(read.fieldErrors).toEqual(errors);
  });

  it("keeps what was typed, and reads missing fields as empty", () => {
    const read = readContactForm(form({ name: "Ada", message: "short" }));
    expect(read.values).toEqual({ name: "Ada", email: "", topic: "", order_id: "", message: "short" });
    expect(read.recasign).toBe("");
  });
});

describe("contactFormError", () => {
  it.each([
    [{ status: "tooManyRequests", retryAfterSeconds: 60 } as const, "token", "api.42900"],
    [{ status: "captchaFailed" } as const, "token", "captcha.failed"],
    [{ status: "captchaFailed" } as const, "", "contact-us:captchaNeedsScript"],
    [{ status: "captchaFailed" } as const, "no-script", "contact-us:captchaNeedsScript"],
  ])("%j with token %j -> %s", (outcome, token, key) => {
    expect(contactFormError(outcome, token)).toBe(key);
  });
});
