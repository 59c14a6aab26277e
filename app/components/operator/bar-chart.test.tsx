import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart } from "./bar-chart";

const points = [
  { label: "1 Nov", value: 0 },
  { label: "2 Nov", value: 5 },
  { label: "3 Nov", value: 10 },
];
const render = (dir: "ltr" | "rtl", values = points) =>
  renderToStaticMarkup(
    <BarChart
      chartId="test"
      title="Sign-ups"
      summary="15 in total"
      points={values}
      format={(value) => `#${value}`}
      dir={dir}
      tableLabel="Numbers"
      columnLabel="Day"
      valueLabel="Sign-ups"
    />,
  );
const bars = (html: string) =>
  [...html.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"/g)].map((match) => ({
    x: Number(match[1]),
    height: Number(match[3]),
  }));

describe("the SVG bar chart", () => {
  it("is one named picture with its description, and a table with every number", () => {
    const html = render("ltr");
    expect(html).toMatch(/<svg role="img" aria-labelledby="(\S+)-title \1-desc"/);
    expect(html).toContain("<title");
    expect(html).toContain(">Sign-ups</title>");
    expect(html).toContain(">15 in total</desc>");
    expect(
      [...html.matchAll(/<th scope="row"[^>]*>([^<]+)<\/th><td[^>]*>([^<]+)<\/td>/g)].map((m) => [m[1], m[2]]),
    ).toEqual([
      ["1 Nov", "#0"],
      ["2 Nov", "#5"],
      ["3 Nov", "#10"],
    ]);
  });

  it("scales bars to the largest value; a zero day has no height", () => {
    const heights = bars(render("ltr")).map((bar) => bar.height);
    expect(heights[0]).toBe(0);
    expect(heights[1]).toBeCloseTo((heights[2] ?? 0) / 2);
  });

  it("draws nothing taller than the axis when every day is zero", () => {
    const heights = bars(
      render(
        "ltr",
        points.map((point) => ({ ...point, value: 0 })),
      ),
    ).map((bar) => bar.height);
    expect(heights).toEqual([0, 0, 0]);
  });

  it("runs time from the left, and from the right in right-to-left languages", () => {
    const ltr = bars(render("ltr")).map((bar) => bar.x);
    const rtl = bars(render("rtl")).map((bar) => bar.x);
    expect([ltr.length, rtl.length]).toEqual([3, 3]);
    expect(ltr).toEqual([...ltr].sort((a, b) => a - b));
    expect(rtl).toEqual([...rtl].sort((a, b) => b - a));
  });
});
