import { z } from "zod";
import { SOCIAL_NETWORKS, type SocialNetwork } from "./social.ts";

/**
 * What an operator's brand file (content/brand/brand.ts) may say. Checked when the brand module
 * loads, so a bad value fails the build (prerendering imports it) and the start. The logo and the
 * favicon are files beside it (content/brand/logo.svg, favicon.svg), checked by the build's brand
 * plugin (scripts/vite-plugin-brand.ts).
 */
// Letters, digits, spaces and a few marks: names go into YAML front matter, titles and mail headers.
const productName = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} .&'’+-]*$/u, "may use letters, digits, spaces and . & ' + -");

const hexColour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, "must be a colour written #rrggbb")
  .transform((value) => value.toLowerCase());

// Loose on purpose: `support@localhost` is a fine address for a machine without mail.
const emailAddress = z.string().regex(/^[^\s@<>",]+@[^\s@<>",]+$/, "must be an e-mail address");

const httpsUrl = z.string().refine((value) => {
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}, "must be an https:// URL");

export const brandSchema = z
  .object({
    /** The product's name as copy uses it ("Northwind VPN"): titles, headings, e-mails, legal pages. */
    name: productName(40),
    /** Where space is tight: the web manifest's short_name, the app-icon label. */
    shortName: productName(20),
    /** The company behind the service, as the legal pages name it; LEGAL_ENTITY overrides it at run time. */
    legalEntity: z.string().trim().min(1).max(200).optional(),
    /**
     * primary: buttons (white text on it) and links (on white); accent: hover, focus ring and the
     * logo's `currentColor`. Both need 4.5:1 against white (WCAG AA), checked at build.
     */
    colours: z.object({ primary: hexColour, accent: hexColour }).strict(),
    /** Where people write for help; SUPPORT_EMAIL overrides it at run time. */
    supportEmail: emailAddress.default("support@localhost"),
    /** The privacy contact in the legal pages (the support address when unset); PRIVACY_EMAIL overrides it. */
    privacyEmail: emailAddress.optional(),
    /** The operator's own profiles, shown in the footer in this order; none set, none shown. */
    social: z
      .array(z.object({ network: z.enum(Object.keys(SOCIAL_NETWORKS) as [SocialNetwork]), url: httpsUrl }).strict())
      .max(10)
      .default([]),
    /**
     * The help centre /help sends visitors to: `default`, and per language code (`ru`, `de`…);
     * HELP_CENTER_URL and HELP_CENTER_URL_RU override `default` and `ru`. Unset: the contact page.
     */
    helpCenter: z
      .record(z.string().regex(/^(default|[a-z]{2})$/, "keys are `default` or a language code"), httpsUrl)
      .default({}),
  })
  .strict();

export type BrandInput = z.input<typeof brandSchema>;
export type Brand = z.output<typeof brandSchema>;
