import { describe, expect, it } from "vitest";
import { LOADING_OVERLAY_CLASS, type OverlayHost, setBusyOverlay } from "./loading-overlay";

/** The few DOM calls setBusyOverlay makes, on a plain element record (the unit tests run without a DOM). */
class FakeElement {
  attributes = new Map<string, string>();
  children: FakeElement[] = [];
  className = "";
  parent: FakeElement | null = null;
  ownerDocument = { createElement: () => new FakeElement() as unknown as HTMLElement };
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  append(node: unknown) {
    const child = node as FakeElement;
    child.parent = this;
    this.children.push(child);
  }
  remove() {
    if (this.parent) this.parent.children = this.parent.children.filter((child) => child !== this);
  }
  querySelector(selectors: string) {
    expect(selectors).toBe(":scope > [data-loading-overlay]");
    return this.children.find((child) => child.attributes.has("data-loading-overlay")) ?? null;
  }
}

describe("setBusyOverlay (islands)", () => {
  it("marks the element busy with one overlay, then takes it away", () => {
    const form = new FakeElement();
    const host = form as unknown as OverlayHost;
    setBusyOverlay(host, true);
    setBusyOverlay(host, true);
    expect(form.attributes.get("aria-busy")).toBe("true");
    expect(form.children).toHaveLength(1);
    const [overlay] = form.children;
    expect(overlay?.className).toBe(LOADING_OVERLAY_CLASS);
    expect(overlay?.attributes.get("aria-hidden")).toBe("true");
    expect(overlay?.children).toHaveLength(1);
    setBusyOverlay(host, false);
    expect(form.attributes.get("aria-busy")).toBe("false");
    expect(form.children).toHaveLength(0);
  });
});
