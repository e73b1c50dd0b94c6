import { z } from "@hono/zod-openapi";

/**
 * Personal API tokens and the calendar feed (the customer's own data outside the portal).
 * Error messages are translation keys of the `tokens` namespace (`tokens.errors.*`) unless they
 * are the API's own (`api.errors.*`, `validation.*`).
 */

export const TokenScope = z.enum(["read-consumption", "read-prices", "read-invoices"]).openapi({
  description:
    "What a token may read: read-consumption (consumption and production statistics, meter readings, metering points), read-prices (spot prices), read-invoices (invoice list and detail). Tokens are read-only.",
});
export type TokenScope = z.infer<typeof TokenScope>;

export const TokenExpiryDays = z.union([z.literal(30), z.literal(90), z.literal(365)]).openapi({ description: "How long the token lives, in days" });
export type TokenExpiryDays = z.infer<typeof TokenExpiryDays>;

export const ApiToken = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    scopes: z.array(TokenScope),
    hint: z.string().openapi({ description: "The token's first characters, to tell tokens apart; the token itself is shown only once" }),
    createdAt: z.string(),
    expiresAt: z.string(),
    lastUsedAt: z.string().nullable(),
    expired: z.boolean(),
  })
  .openapi("ApiToken");
export type ApiToken = z.infer<typeof ApiToken>;

export const ApiTokenList = z.object({ tokens: z.array(ApiToken) }).openapi("ApiTokenList");
export type ApiTokenList = z.infer<typeof ApiTokenList>;

export const ApiTokenInput = z
  .object({
    name: z.string().trim().min(1, "tokens.errors.name-required").max(80, "tokens.errors.name-too-long"),
    scopes: z.array(TokenScope).min(1, "tokens.errors.scope-required").max(3),
    expiresInDays: TokenExpiryDays,
  })
  .strict()
  .openapi("ApiTokenInput");
export type ApiTokenInput = z.infer<typeof ApiTokenInput>;

export const ApiTokenCreated = z
  .object({
    token: z.string().openapi({ description: "The secret, shown this once: send it as `Authorization: Bearer <token>`" }),
    apiToken: ApiToken,
  })
  .openapi("ApiTokenCreated");
export type ApiTokenCreated = z.infer<typeof ApiTokenCreated>;

export const ApiTokenIdParam = z.object({
  tokenId: z
    .string()
    .uuid()
    .openapi({ param: { name: "tokenId", in: "path" } }),
});

// ---------------------------------------------------------------- calendar feed

export const CalendarFeedState = z
  .object({
    active: z.boolean(),
    createdAt: z.string().nullable(),
    lastFetchedAt: z.string().nullable(),
  })
  .openapi("CalendarFeedState");
export type CalendarFeedState = z.infer<typeof CalendarFeedState>;

export const CalendarFeedCreated = z
  .object({
    url: z.string().openapi({ description: "The private subscription URL, shown this once (https or webcal)" }),
    feed: CalendarFeedState,
  })
  .openapi("CalendarFeedCreated");
export type CalendarFeedCreated = z.infer<typeof CalendarFeedCreated>;

export const CalendarFeedParam = z.object({
  feedToken: z
    .string()
    .max(200)
    .openapi({ param: { name: "feedToken", in: "path" }, description: "The feed's own token, with `.ics` at the end" }),
});

export const CalendarFeedRequest = z
  .object({ locale: z.string().max(10).optional().openapi({ description: "The language of the feed's texts (one of the site's); default: the site's" }) })
  .strict()
  .openapi("CalendarFeedRequest");
export type CalendarFeedRequest = z.infer<typeof CalendarFeedRequest>;

// ---------------------------------------------------------------- spreadsheet feed

export const SpreadsheetFeedState = z
  .object({
    active: z.boolean(),
    createdAt: z.string().nullable(),
    lastFetchedAt: z.string().nullable(),
  })
  .openapi("SpreadsheetFeedState");
export type SpreadsheetFeedState = z.infer<typeof SpreadsheetFeedState>;

export const SpreadsheetFeedCreated = z
  .object({
    urls: z
      .object({
        consumption: z.string().openapi({ description: "Consumption per day of the current month as CSV (from, to, resolution and gsrn may be added)" }),
        spotPrices: z.string().openapi({ description: "Today's and tomorrow's spot prices as CSV" }),
      })
      .openapi({ description: "The private CSV addresses, shown this once: the feed's token is part of them" }),
    feed: SpreadsheetFeedState,
  })
  .openapi("SpreadsheetFeedCreated");
export type SpreadsheetFeedCreated = z.infer<typeof SpreadsheetFeedCreated>;

export const SpreadsheetFeedParam = z.object({
  feedToken: z
    .string()
    .max(200)
    .openapi({ param: { name: "feedToken", in: "path" }, description: "The spreadsheet feed's own token (`epcsv_…`)" }),
});
