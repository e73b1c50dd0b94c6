import { z } from "@hono/zod-openapi";

/** A client-side log line (errors, missing translations). */
export const LogRecord = z
  .object({
    // PostgreSQL text and jsonb cannot hold NUL characters: such a record is refused (422).
    message: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .refine((v) => !v.includes("\u0000"), { message: "not storable" }),
    level: z.enum(["debug", "info", "warn", "error"]),
    payload: z
      .record(z.string(), z.unknown())
      .nullable()
      .optional()
      .refine((v) => v == null || JSON.stringify(v).length <= 16_000, { message: "payload too large" })
      .refine((v) => v == null || !JSON.stringify(v).includes("\\u0000"), { message: "not storable" }),
  })
  .strict()
  .openapi("LogRecord");
export type LogRecord = z.infer<typeof LogRecord>;
