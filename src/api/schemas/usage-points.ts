import { z } from "@hono/zod-openapi";
import { MeteringPoint } from "./energy";

export const UsagePointList = z.object({ usagePoints: z.array(MeteringPoint) });
export type UsagePointList = z.infer<typeof UsagePointList>;

/** Empty strings and nulls are dropped before validation (spec §3: empty values stripped). */
const stripEmpty = (v: unknown) =>
  v && typeof v === "object" && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== null && x !== undefined && !(typeof x === "string" && x.trim() === "")))
    : v;

const text = z.string().trim().min(1).max(120);
export const UsagePointSearch = z
  .object({
    searchType: z.enum(["ADDRESS", "GSRN", "EIC_OR_METER_NUMBER"]),
    searchQuery: z.preprocess(
      stripEmpty,
      z
        .object({
          text: text.optional().openapi({ description: "Free text for any search type" }),
          street: text.optional(),
          postalCode: text.optional(),
          city: text.optional(),
          gsrn: z
            .string()
            .trim()
            .regex(/^\d{4,18}$/)
            .optional()
            .openapi({ description: "A whole GSRN or at least 4 of its digits" }),
          eicCode: text.optional(),
          meterNumber: text.optional(),
        })
        .strict(),
    ),
  })
  .strict()
  .openapi("UsagePointSearch");
export type UsagePointSearch = z.infer<typeof UsagePointSearch>;
