import { describe, expect, it } from "vitest";
import { islandPreloads } from "./island-scripts";

describe("islandPreloads", () => {
  it.each([
    { what: "no islands", modules: [], preloads: [] },
    { what: "an island without imports", modules: [{ src: "/a.js", imports: [] }], preloads: [] },
    {
      what: "shared chunks once, in first-seen order",
      modules: [
        { src: "/page.js", imports: ["/s1.js", "/s2.js"] },
        { src: "/promotions.js", imports: ["/s2.js", "/s3.js"] },
      ],
      preloads: ["/s1.js", "/s2.js", "/s3.js"],
    },
    {
      what: "never an island the page loads as a script anyway",
      modules: [
        { src: "/page.js", imports: ["/prices.js", "/s1.js"] },
        { src: "/prices.js", imports: ["/s1.js"] },
      ],
      preloads: ["/s1.js"],
    },
  ])("$what", ({ modules, preloads }) => {
    expect(islandPreloads(modules)).toEqual(preloads);
  });
});
