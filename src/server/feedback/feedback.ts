import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { feedbackForms, feedbackSubmissions } from "@/server/db/schema";
import { notFound, validationError } from "@/server/errors";
import { OPEN_TEXT_MAX, RATING_MAX, RATING_MIN } from "@/lib/feedback";

export { OPEN_TEXT_MAX, RATING_MAX, RATING_MIN };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface FeedbackFormView {
  id: string;
  active: boolean;
  renew: boolean;
  refreshedAt: string;
}

/** The form the site asks its customers about now: the most recently refreshed active one. */
export async function getActiveFeedbackForm(siteId: string): Promise<FeedbackFormView | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(feedbackForms)
    .where(and(eq(feedbackForms.siteId, siteId), eq(feedbackForms.active, true)))
    .orderBy(desc(feedbackForms.refreshedAt))
    .limit(1);
  return row ? { id: row.id, active: row.active, renew: row.renew, refreshedAt: row.refreshedAt.toISOString() } : null;
}

/**
 * Spec §5: the rating is required and a number (errors.no-rating), a whole number from 1 to 5
 * (errors.invalid-rating).
 */
export function checkRating(value: unknown): number {
  if (typeof value !== "number" || Number.isNaN(value)) {
    throw validationError([{ path: "rating", code: "no-rating", message: "errors.no-rating" }]);
  }
  if (!Number.isInteger(value) || value < RATING_MIN || value > RATING_MAX) {
    throw validationError([{ path: "rating", code: "invalid-rating", message: "errors.invalid-rating" }]);
  }
  return value;
}

export interface FeedbackInput {
  formId: string;
  rating: unknown;
  openText?: string | null;
}

/** Records an answer to an active form of the site; a form of another site, or an inactive one, is not found. */
export async function submitFeedback(ctx: { siteId: string; personId: string; customerId: string | null; locale: string | null }, input: FeedbackInput): Promise<{ id: string }> {
  const rating = checkRating(input.rating);
  // PostgreSQL text cannot hold NUL characters.
  const cleaned = input.openText?.replaceAll("\u0000", "").trim();
  const openText = cleaned ? cleaned.slice(0, OPEN_TEXT_MAX) : null;
  if (!UUID.test(input.formId)) throw notFound("api.errors.not-found");
  const db = await getDb();
  const [form] = await db
    .select({ id: feedbackForms.id })
    .from(feedbackForms)
    .where(and(eq(feedbackForms.siteId, ctx.siteId), eq(feedbackForms.id, input.formId), eq(feedbackForms.active, true)));
  if (!form) throw notFound("api.errors.not-found");
  const [row] = await db
    .insert(feedbackSubmissions)
    .values({ siteId: ctx.siteId, formId: form.id, personId: ctx.personId, customerId: ctx.customerId, rating, openText, locale: ctx.locale })
    .returning({ id: feedbackSubmissions.id });
  return { id: row.id };
}
