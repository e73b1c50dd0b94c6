import { z } from "@hono/zod-openapi";

/** One field's validation failure; `message` is a translation key. */
export const FieldError = z.object({ path: z.string().openapi({ description: "Dotted path of the field, e.g. searchQuery.text" }), code: z.string(), message: z.string() }).openapi("FieldError");
export type FieldError = z.infer<typeof FieldError>;

/** The one shape of every API error. */
export const ErrorBody = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: "not_found" }),
      message: z.string().openapi({ description: "Translation key", example: "api.errors.not-found" }),
      status: z.number().int(),
      details: z
        .object({
          fields: z.array(FieldError).optional().openapi({ description: "Validation failures (422)" }),
          retryAfter: z.number().int().optional().openapi({ description: "Seconds until a rate-limited call may be repeated (429)" }),
          requestId: z.string().optional().openapi({ description: "The request id to quote to customer service (500)" }),
          messageCode: z.string().optional().openapi({ description: "A code to quote to customer service" }),
          customerFacing: z.boolean().optional().openapi({ description: "message is a text to show as it is, not a translation key" }),
        })
        .catchall(z.unknown())
        .optional(),
    }),
  })
  .openapi("Error");
export type ErrorBody = z.infer<typeof ErrorBody>;
