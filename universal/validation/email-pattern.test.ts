import { describe, expect, it } from "vitest";
import { EMAIL_INPUT_PATTERN, EMAIL_PATTERN } from "./email-pattern";

// How a browser applies an input's pattern: the whole value, compiled with the `v` flag.
const asInputPattern = new RegExp(`^(?:${EMAIL_INPUT_PATTERN})$`, "v");

describe("the e-mail rule as an input pattern", () => {
  it.each([
    "name@example.com",
    "first.last-x_y@mail.example.org",
    "Name@example.com",
    "name@Example.com",
    "name@example",
    "name@exa_mple.com",
    "na me@example.com",
    "name@example.c0m",
    "@example.com",
    "name@-x.io",
    "",
  ])("%j is judged as the server judges it", (value) => {
    expect(asInputPattern.test(value)).toBe(EMAIL_PATTERN.test(value));
  });
});
