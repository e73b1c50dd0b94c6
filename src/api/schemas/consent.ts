import { z } from "@hono/zod-openapi";
import { MEASUREMENT_ID } from "@/lib/consent";

const CATEGORY = z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/);

/** The cookie-consent library's cookie value (spec §3 Consent record) plus how it was given. */
export const ConsentRecord = z
  .object({
    consentId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
    acceptType: z.enum(["all", "custom", "necessary"]).nullable().optional(),
    categories: z.array(CATEGORY).max(20),
    services: z.record(CATEGORY, z.array(z.string().regex(/^[A-Za-z0-9 ._:-]{1,60}$/)).max(50)).default({}),
    revision: z.number().int().min(0).max(1_000_000),
    data: z
      .unknown()
      .optional()
      .refine((v) => v === undefined || (JSON.stringify(v).length <= 4000 && !JSON.stringify(v).includes("\\u0000")), { message: "data too large or not storable" }),
    languageCode: z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/),
    consentTimestamp: z.string().datetime({ offset: true }),
    lastConsentTimestamp: z.string().datetime({ offset: true }),
    expirationTime: z.number().int().nonnegative().nullable().optional(),
  })
  .strict()
  .openapi("ConsentRecord");
export type ConsentRecord = z.input<typeof ConsentRecord>;

export const ConsentRevision = z.object({ revision: z.number().int() });
export type ConsentRevision = z.infer<typeof ConsentRevision>;

export const AnalyticsScriptQuery = z.object({ id: z.string().regex(MEASUREMENT_ID) });
export const AnalyticsScript = z.string();

/** This browser's client id, a code to quote to customer service. */
export const ClientId = z.object({ clientId: z.string().nullable() });
export type ClientId = z.infer<typeof ClientId>;
