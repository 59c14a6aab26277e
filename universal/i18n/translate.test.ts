import { describe, expect, it } from "vitest";
import { translate } from "./translate";

const resources = {
  common: { brand: "Veilport", notFound: { title: "Page Not Found: {{path}}" } },
  pricing: { devices_one: "{{count}} device", devices_other: "{{count}} devices", save: "Save {{ percent }}" },
  ru: {
    devices_one: "{{count}} устройство",
    devices_few: "{{count}} устройства",
    devices_many: "{{count}} устройств",
    devices_other: "{{count}} устройства",
  },
};

describe("translate", () => {
  it("reads nested keys in the default namespace or a named one", () => {
    expect(translate(resources, "en", "common", "brand")).toBe("Veilport");
    expect(translate(resources, "en", "pricing", "common:notFound.title", { path: "/x" })).toBe("Page Not Found: /x");
  });

  it("interpolates, with or without spaces, and leaves unknown placeholders", () => {
    expect(translate(resources, "en", "pricing", "save", { percent: "70%" })).toBe("Save 70%");
    expect(translate(resources, "en", "common", "notFound.title")).toBe("Page Not Found: {{path}}");
  });

  it("chooses plural forms by the language's rules", () => {
    expect(translate(resources, "en", "pricing", "devices", { count: 1 })).toBe("1 device");
    expect(translate(resources, "en", "pricing", "devices", { count: 5 })).toBe("5 devices");
    expect(translate(resources, "ru", "ru", "devices", { count: 3 })).toBe("3 устройства");
    expect(translate(resources, "ru", "ru", "devices", { count: 5 })).toBe("5 устройств");
    expect(translate(resources, "ru", "ru", "devices", { count: 21 })).toBe("21 устройство");
  });

  it("writes numbers in the language's digits, strings as they are", () => {
    const persian = {
      pricing: { devices_one: "{{count}} دستگاه", devices_other: "{{count}} دستگاه", order: "سفارش {{id}}" },
    };
    expect(translate(persian, "fa", "pricing", "devices", { count: 10 })).toBe("۱۰ دستگاه");
    expect(translate(persian, "fa", "pricing", "order", { id: "A-42" })).toBe("سفارش A-42");
  });

  it("falls back to the default value, then to the key", () => {
    expect(translate({}, "en", "common", "error.title", { defaultValue: "Something went wrong" })).toBe(
      "Something went wrong",
    );
    expect(translate(resources, "en", "common", "missing.key")).toBe("missing.key");
    expect(translate(resources, "en", "nope", "brand")).toBe("brand");
  });
});
