import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import common from "../../locales/en/common.json";
import forms from "../../locales/en/forms.json";
import pricing from "../../locales/en/pricing.json";
import webrtc from "../../locales/en/webrtc-leak-test.json";
import { TranslatorProvider } from "../i18n/translator";
import WebrtcLeakTestPage from "../routes/tools/webrtc-leak-test";
import { AccountCard } from "./account/account-card";
import { FormCard } from "./forms/form-card";
import { PlanCards } from "./pricing/plan-cards";

function render(node: ReactNode) {
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <TranslatorProvider locale="en" resources={[{ common, forms, pricing, "webrtc-leak-test": webrtc } as never]}>
          {node}
        </TranslatorProvider>
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

// Only what the page reads of its route props (no STUN server: the test waits to start).
const WEBRTC_PROPS = {
  loaderData: { address: "203.0.113.7", stunUrl: null, externalStun: null },
} as unknown as Parameters<typeof WebrtcLeakTestPage>[0];

/** The page says aria-busy="true" and shows the overlay. */
const busyWithOverlay = (html: string) => html.includes('aria-busy="true"') && html.includes('data-loading-overlay=""');

describe("loading overlays (SPEC §4): aria-busy and the account page's overlay wherever the network is awaited", () => {
  it.each([
    ["plan cards while the plans load", <PlanCards key="p" plans={null} />],
    [
      "an account card",
      <AccountCard key="a" title="Devices" busy>
        {null}
      </AccountCard>,
    ],
    [
      "a form card (login, reset, set password)",
      <FormCard key="f" busy onSubmit={() => {}} submitLabel="Go">
        {null}
      </FormCard>,
    ],
    ["the WebRTC test while it runs", <WebrtcLeakTestPage key="w" {...WEBRTC_PROPS} />],
  ])("%s", (_name, node) => {
    expect(busyWithOverlay(render(node))).toBe(true);
  });

  it("shows no overlay on an element that waits for nothing", () => {
    const html = render(
      <AccountCard title="Devices" busy={false}>
        {null}
      </AccountCard>,
    );
    expect(html).not.toContain("data-loading-overlay");
    expect(html).toContain('aria-busy="false"');
  });
});
