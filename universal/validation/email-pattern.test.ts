import { describe, expect, it } from "vitest";
import { EMAIL_INPUT_PATTERN, EMAIL_PATTERN, normalizeEmail } from "./email-pattern";

// How a browser applies an input's pattern: the whole value, compiled with the `v` flag.
const asInputPattern = new RegExp(`^(?:${EMAIL_INPUT_PATTERN})$`, "v");

describe("the e-mail rule as an input pattern", () => {
  it.each([
    "name@example.com",
    "first.last-x_y@mail.example.org",
    "Name@example.com",
    "name@Example.com",
    "Name@Gmail.COM",
    "name@example",
    "name@exa_mple.com",
    "na me@example.com",
    "name@example.c0m",
    "@example.com",
    "name@-x.io",
    "",
  ])("%j is judged as the server judges it once normalized", (value) => {
    expect(asInputPattern.test(value)).toBe(EMAIL_PATTERN.test(normalizeEmail(value)));
  });
});

describe("normalizeEmail", () => {
  it.each([
    ["name@example.com", "name@example.com"],
    ["  Name@Gmail.com ", "Name@gmail.com"],
    ["First.Last@Mail.Example.ORG", "First.Last@mail.example.org"],
    ["no-at-sign", "no-at-sign"],
    ["a@b@Example.com", "a@b@example.com"],
    ["", ""],
  ])("%j -> %j", (typed, stored) => {
    expect(normalizeEmail(typed)).toBe(stored);
  });
});
