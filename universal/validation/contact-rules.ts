import { z } from "zod";
import { emailSchema } from "./account-rules";

/**
 * The contact-us form's rules, shared by the page and the API. Messages are keys of the
 * contact-us page's catalogue (`fields.*`), so both sides show them in the visitor's language.
 */
export const CONTACT_TOPICS = ["billing", "technical", "account", "privacy", "partnership", "other"] as const;

/** The limits the schema checks, also written into the form's attributes (maxlength, pattern…). */
export const CONTACT_LIMITS = {
  nameMax: 100,
  messageMin: 20,
  messageMax: 5000,
  orderIdMax: 64,
  orderIdPattern: "[A-Za-z0-9_\\-]*",
} as const;

export const contactSchema = z.object({
  name: z
    .string({ error: "fields.name.required" })
    .trim()
    .min(1, "fields.name.required")
    .max(CONTACT_LIMITS.nameMax, "fields.name.long"),
  email: emailSchema,
  topic: z.enum(CONTACT_TOPICS, { error: "fields.topic.required" }),
  message: z
    .string({ error: "fields.message.required" })
    .trim()
    .min(1, "fields.message.required")
    .min(CONTACT_LIMITS.messageMin, "fields.message.short")
    .max(CONTACT_LIMITS.messageMax, "fields.message.long"),
  order_id: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.orderIdMax, "fields.orderId.invalid")
    .regex(new RegExp(`^(?:${CONTACT_LIMITS.orderIdPattern})$`), "fields.orderId.invalid")
    .optional(),
});

export type ContactReport = z.infer<typeof contactSchema>;
