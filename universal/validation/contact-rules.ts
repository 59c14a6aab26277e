import { z } from "zod";
import { emailSchema } from "./account-rules";

/**
 * The contact-us form's rules, shared by the page and the API. Messages are keys of the
 * contact-us page's catalogue (`fields.*`), so both sides show them in the visitor's language.
 */
export const CONTACT_TOPICS = ["billing", "technical", "account", "privacy", "partnership", "other"] as const;

export const contactSchema = z.object({
  name: z.string({ error: "fields.name.required" }).trim().min(1, "fields.name.required").max(100, "fields.name.long"),
  email: emailSchema,
  topic: z.enum(CONTACT_TOPICS, { error: "fields.topic.required" }),
  message: z
    .string({ error: "fields.message.required" })
    .trim()
    .min(1, "fields.message.required")
    .min(20, "fields.message.short")
    .max(5000, "fields.message.long"),
  order_id: z
    .string()
    .trim()
    .max(64, "fields.orderId.invalid")
    .regex(/^[A-Za-z0-9_-]*$/, "fields.orderId.invalid")
    .optional(),
});

export type ContactReport = z.infer<typeof contactSchema>;
