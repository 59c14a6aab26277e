import type { z } from "zod";

/**
 * Checks one of the operator's files under content/ against its schema: the value, or an error of
 * one line naming the file and the first problem (what the build and the start stop with).
 */
export function parseOperatorFile<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  file: string,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`${file}: ${issue?.path.join(".") || "value"} ${issue?.message ?? "is invalid"}`);
}
