import { z } from "zod";
import { CURRENCY_CODES, type Currency } from "../billing/currencies";
import { LOCALES, type Locale } from "../i18n/locales";
import { PROMOTION_KINDS } from "./promotion-kinds";

/** The promotion document's schema: what the operator API accepts and the server serves. */

const localeCodes = LOCALES.map((locale) => locale.code) as [Locale, ...Locale[]];

/** A figure with a percent sign ("59%", "% 59", Arabic "٪"): a saving nobody computed. */
const LITERAL_PERCENT = /\d\s*[%٪]|[%٪]\s*\d/;

/**
 * A text per language; English is required and stands in for a language without one. A saving
 * is quoted only as {{discount}}, the figure computed from the catalogue (decision 025): typed
 * in ("59% off") it would stay on the page after the prices change or the discount ends.
 */
function localised(value: z.ZodType<string>) {
  return z
    .partialRecord(z.enum(localeCodes), value)
    .refine((text) => typeof text.en === "string", { message: "needs an English text (en)" })
    .refine((text) => !Object.values(text).some((value) => LITERAL_PERCENT.test(value ?? "")), {
      message: "write {{discount}} for a saving: a percentage typed in is not allowed",
    });
}
export const localisedTextSchema = localised(z.string().trim().min(1).max(400));
/**
 * A headline segment's text keeps its spaces: "Save " + "{{discount}}" + " now" reads as typed
 * (trimmed, the segments would run together). Blank is still refused.
 */
export const segmentTextSchema = localised(
  z
    .string()
    .max(400)
    .refine((value) => value.trim().length > 0, { message: "must not be blank" }),
);
export type LocalisedText = z.infer<typeof localisedTextSchema>;

/** One piece of a headline with its colour mark; {{name}} placeholders are filled at display. */
export const segmentSchema = z.object({
  text: segmentTextSchema,
  tone: z.enum(["plain", "accent", "highlight"]).default("plain"),
});
export type Segment = z.infer<typeof segmentSchema>;

/** A path on this site (no scheme, no host), where a promotion or popup leads. */
const sitePath = z
  .string()
  .max(200)
  .regex(/^\/(?!\/)[A-Za-z0-9\-._~/?=&%]*$/, "must be a path on this site, like /pricing");

/** Plan ids and coupon codes as the catalogue and decision 034 write them. */
const planId = z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, "a plan id");
const couponCode = z.string().regex(/^[A-Z0-9][A-Z0-9_-]{1,39}$/, "a coupon code");
const currencyCodes: [Currency, ...Currency[]] = CURRENCY_CODES;

/**
 * The real sale a promotion carries (decision 057), in force exactly during its window: prices
 * per plan and currency (minor units) that the catalogue charges instead of its own, or a coupon
 * (decision 034) applied to every purchase that names none. Never served to the public.
 */
export const saleSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("prices"),
    prices: z
      .array(
        z.object({
          plan_id: planId,
          currency: z.enum(currencyCodes),
          amount: z.number().int("a whole number of minor units").positive().max(100_000_000),
        }),
      )
      .min(1)
      .max(200)
      .refine((list) => new Set(list.map((price) => `${price.plan_id}/${price.currency}`)).size === list.length, {
        message: "one price per plan and currency",
      }),
  }),
  z.object({ kind: z.literal("coupon"), coupon: couponCode }),
]);
export type Sale = z.infer<typeof saleSchema>;

export const promotionSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{1,60}$/, "lowercase letters, digits and hyphens"),
    /** Which home block shows it: each kind has its own look and translated default texts. */
    kind: z.enum(PROMOTION_KINDS),
    startTime: z.iso.datetime({ offset: true }),
    endTime: z.iso.datetime({ offset: true }),
    /** A festival promotion also shows the festival popup and holds back the weekend and mobile ones. */
    isFestival: z.boolean().default(true),
    /** Colour-marked headline; without it the block's translated headline is used. */
    headline: z.array(segmentSchema).min(1).max(12).optional(),
    /** Values for {{name}} in the texts, per language ({{discount}} and {{endDate}} are built in). */
    placeholders: z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,30}$/), localisedTextSchema).default({}),
    href: sitePath.default("/pricing"),
    sale: saleSchema.optional(),
  })
  .refine((promotion) => Date.parse(promotion.endTime) > Date.parse(promotion.startTime), {
    message: "endTime must be after startTime",
    path: ["endTime"],
  });
export type Promotion = z.infer<typeof promotionSchema>;

export const popupContentSchema = z.object({
  headline: z.array(segmentSchema).min(1).max(12),
  body: localisedTextSchema.optional(),
  href: sitePath.default("/pricing"),
});
export type PopupContent = z.infer<typeof popupContentSchema>;

/** The weekend, workday and mobile popups' content. */
export const popupsSchema = z.object({
  weekend: popupContentSchema.optional(),
  workday: popupContentSchema.optional(),
  mobileDaily: popupContentSchema.optional(),
});

export const promotionConfigSchema = z.object({
  promotions: z
    .array(promotionSchema)
    .max(50)
    .refine((list) => new Set(list.map((p) => p.id)).size === list.length, { message: "ids must be unique" })
    .default([]),
  /** A popup without content here never shows: there is nothing honest to say in it. */
  popups: popupsSchema.default({}),
});
export type PromotionConfig = z.infer<typeof promotionConfigSchema>;
