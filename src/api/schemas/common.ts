import { z } from "@hono/zod-openapi";

/**
 * The API's contract: request and response schemas of every endpoint, one file per area. The
 * routers validate with them and the OpenAPI document is generated from them; the browser takes
 * only their types (`import type`). They import nothing but zod and src/lib.
 */

/** A query value that may come once or repeated (a[]=1&a[]=2 is normalised before routing). */
export const queryList = <T extends z.ZodType>(item: T) => z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(item));

export const Money = z.number().int().openapi({ description: "Integer cents" });

/** The answer of endpoints that only confirm. */
export const Ok = z.object({ ok: z.boolean() });
export type Ok = z.infer<typeof Ok>;

/** The answer of endpoints that record something. */
export const Recorded = z.object({ id: z.string() });
export type Recorded = z.infer<typeof Recorded>;

/** An optional `locale` query: the language of a document or of texts. */
export const LocaleQuery = z.object({ locale: z.string().max(10).optional() });
