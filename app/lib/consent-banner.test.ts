import { describe, expect, it } from "vitest";
import { ACCEPT_ALL, REJECT_ALL } from "./consent";
import { type ConsentAction, choiceFor } from "./consent-banner";

describe("choiceFor: what a click on the banner saves", () => {
  it.each<[ConsentAction, { analytics: boolean; marketing: boolean }, unknown]>([
    ["accept", { analytics: false, marketing: false }, ACCEPT_ALL],
    ["reject", { analytics: true, marketing: true }, REJECT_ALL],
    ["save", { analytics: true, marketing: false }, { analytics: true, marketing: false }],
    ["save", { analytics: false, marketing: true }, { analytics: false, marketing: true }],
    ["save", { analytics: false, marketing: false }, REJECT_ALL],
    ["choose", { analytics: true, marketing: true }, null],
  ])("%s with boxes %o saves %o", (action, checked, expected) => {
    expect(choiceFor(action, checked)).toEqual(expected);
  });
});
