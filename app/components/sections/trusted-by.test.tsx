import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import de from "../../../locales/de/home.json";
import en from "../../../locales/en/home.json";
import { TranslatorProvider } from "../../i18n/translator";
import { TrustedBy } from "./trusted-by";

const FACTS = {
  ratings: [{ source: "App Store", rating: 4.7, url: "https://apps.apple.com/app/id000" }],
  press: [{ name: "Example Daily", url: "https://example.com/review" }],
};

function render(path: string, locale: "en" | "de", facts = FACTS) {
  const home = locale === "en" ? en : de;
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <TranslatorProvider locale={locale} resources={[{ home }]}>
          <TrustedBy facts={facts} />
        </TranslatorProvider>
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} />);
}

describe("TrustedBy", () => {
  it("shows each rating as a sentence linked to its proof, and the press", () => {
    const html = render("/", "en");
    expect(html).toContain("Trusted by people who care about privacy");
    expect(html).toContain('href="https://apps.apple.com/app/id000"');
    expect(html).toContain("Rated 4.7 out of 5 on App Store");
    expect(html).toContain("Written about in");
    expect(html).toContain('href="https://example.com/review"');
  });

  it("writes the rating as the visitor's language does", () => {
    expect(render("/de", "de")).toContain("Mit 4,7 von 5 bewertet auf App Store");
  });

  it("renders nothing without facts", () => {
    expect(render("/", "en", { ratings: [], press: [] })).toBe("");
  });
});
