import type { BrandInput } from "../../universal/brand/schema.ts";

/**
 * Your brand, in one place. Every page, title, e-mail, receipt and report takes its name from here;
 * the catalogues say {{brand}} where the name goes. Beside this file: logo.svg (the mark, shown in
 * the header and offered in the press room) and favicon.svg (the browser tab and the web manifest's
 * icon). Change them, then rebuild (`npm run build`, or `npm start` rebuilds by itself): prerendered
 * pages, the style sheet and the icons carry the brand. A value the build refuses (a colour with too
 * little contrast, a logo with a script) stops it with one line saying why.
 */
export default {
  name: "Veilport",
  shortName: "Veilport",
  // The company behind the service, as the legal pages name it (LEGAL_ENTITY overrides it).
  // legalEntity: "Example VPN B.V.",
  colours: {
    // Buttons and links: white text on it and it on white need 4.5:1 (WCAG AA).
    primary: "#1d42ad",
    // Hover, focus ring and the logo's currentColor: also 4.5:1 with white.
    accent: "#2554d8",
  },
  // SUPPORT_EMAIL and PRIVACY_EMAIL override these at run time.
  supportEmail: "support@localhost",
  // privacyEmail: "privacy@vpn.example",
  // Your own profiles, shown in the footer; none set, none shown.
  social: [
    // { network: "mastodon", url: "https://mastodon.example/@yourvpn" },
  ],
  // Where /help sends visitors: `default` and per language (HELP_CENTER_URL, HELP_CENTER_URL_RU override).
  helpCenter: {
    // default: "https://help.vpn.example/en",
    // ru: "https://help.vpn.example/ru",
  },
} satisfies BrandInput;
