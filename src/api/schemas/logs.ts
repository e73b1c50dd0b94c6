import { z } from "@hono/zod-openapi";

/** A client-side log line (errors, missing translations). */
export const LogRecord = z
  .object({
    message: z.string().trim().min(1).max(2000),
    level: z.enum(["debug", "info", "warn", "error"]),
    payload: z
      .record(z.string(), z.unknown())
      .nullable()
      .optional()
      .refine((v) => v == null || JSON.stringify(v).length <= 16_000, { message: "payload too large" }),
  })
  .strict()
  .openapi("LogRecord");
export type LogRecord = z.infer<typeof LogRecord>;
