import "server-only";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { feedbackForms, feedbackSubmissions } from "@/server/db/schema";
import { notFound, validationError } from "@/server/errors";
import { RATING_MAX, RATING_MIN } from "@/lib/feedback";
import { csvDialect, csvDocument, csvNumber } from "@/lib/csv";
import { auditAdminChange, type AdminContext } from "./site-admin";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Spec §5: form names are letters, digits and dashes only. */
export const FORM_NAME = /^[A-Za-z0-9-]{1,60}$/;

export interface AdminFeedbackForm {
  id: string;
  name: string;
  active: boolean;
  renew: boolean;
  refreshedAt: string;
  createdAt: string;
  answers: number;
  /** Mean rating, or null without answers. */
  average: number | null;
}

type FormRow = typeof feedbackForms.$inferSelect;
const view = (f: FormRow, answers: number, average: number | null): AdminFeedbackForm => ({
  id: f.id,
  name: f.name,
  active: f.active,
  renew: f.renew,
  refreshedAt: f.refreshedAt.toISOString(),
  createdAt: f.createdAt.toISOString(),
  answers,
  average,
});

async function formOf(siteId: string, formId: string): Promise<FormRow> {
  if (!UUID.test(formId)) throw notFound("admin.errors.form-not-found");
  const db = await getDb();
  const [row] = await db
    .select()
    .from(feedbackForms)
    .where(and(eq(feedbackForms.siteId, siteId), eq(feedbackForms.id, formId)));
  if (!row) throw notFound("admin.errors.form-not-found");
  return row;
}

/** The site's feedback forms, newest first, each with its number of answers and mean rating. */
export async function listFeedbackForms(siteId: string): Promise<AdminFeedbackForm[]> {
  const db = await getDb();
  const forms = await db.select().from(feedbackForms).where(eq(feedbackForms.siteId, siteId)).orderBy(desc(feedbackForms.createdAt), asc(feedbackForms.name));
  const stats = await db
    .select({ formId: feedbackSubmissions.formId, n: count(), avg: sql<string | null>`avg(${feedbackSubmissions.rating})` })
    .from(feedbackSubmissions)
    .where(eq(feedbackSubmissions.siteId, siteId))
    .groupBy(feedbackSubmissions.formId);
  const byForm = new Map(stats.map((s) => [s.formId, s]));
  return forms.map((f) => {
    const s = byForm.get(f.id);
    return view(f, Number(s?.n ?? 0), s?.avg == null ? null : Math.round(Number(s.avg) * 100) / 100);
  });
}

export async function addFeedbackForm(ctx: AdminContext, input: { name: string; active?: boolean }): Promise<AdminFeedbackForm> {
  const name = input.name.trim();
  if (!FORM_NAME.test(name)) throw validationError([{ path: "name", code: "invalid-form-name", message: "admin.errors.invalid-form-name" }]);
  const db = await getDb();
  const [exists] = await db
    .select({ id: feedbackForms.id })
    .from(feedbackForms)
    .where(and(eq(feedbackForms.siteId, ctx.siteId), eq(feedbackForms.name, name)));
  if (exists) throw validationError([{ path: "name", code: "form-name-taken", message: "admin.errors.form-name-taken" }]);
  const [row] = await db.insert(feedbackForms).values({ siteId: ctx.siteId, name, active: !!input.active, renew: false }).returning();
  await auditAdminChange(ctx, "feedback-form.add", { formId: row.id, name, active: row.active });
  return view(row, 0, null);
}

/**
 * Switches a form on or off, and renews it: renewing moves refreshedAt to now, so every customer
 * who answered or closed the dialog before is asked again (spec §4).
 */
export async function updateFeedbackForm(ctx: AdminContext, input: { formId: string; active?: boolean; renew?: boolean }): Promise<AdminFeedbackForm> {
  const form = await formOf(ctx.siteId, input.formId);
  const set: Partial<FormRow> = {};
  if (input.active !== undefined && input.active !== form.active) set.active = input.active;
  if (input.renew !== undefined) {
    set.renew = input.renew;
    if (input.renew) set.refreshedAt = new Date();
  }
  const db = await getDb();
  let row = form;
  if (Object.keys(set).length) {
    [row] = await db
      .update(feedbackForms)
      .set(set)
      .where(and(eq(feedbackForms.siteId, ctx.siteId), eq(feedbackForms.id, form.id)))
      .returning();
    await auditAdminChange(ctx, "feedback-form.update", { formId: form.id, name: form.name, ...(set.active !== undefined ? { active: set.active } : {}), ...(input.renew ? { renewed: true } : {}) });
  }
  const [stats] = await db
    .select({ n: count(), avg: sql<string | null>`avg(${feedbackSubmissions.rating})` })
    .from(feedbackSubmissions)
    .where(and(eq(feedbackSubmissions.siteId, ctx.siteId), eq(feedbackSubmissions.formId, form.id)));
  return view(row, Number(stats?.n ?? 0), stats?.avg == null ? null : Math.round(Number(stats.avg) * 100) / 100);
}

export interface FeedbackResults {
  form: AdminFeedbackForm;
  distribution: { rating: number; count: number }[];
  openTexts: { id: string; rating: number; openText: string; locale: string | null; createdAt: string }[];
}

/** A form's answers: how many gave each rating, and the open texts, newest first. */
export async function feedbackResults(siteId: string, formId: string): Promise<FeedbackResults> {
  const form = await formOf(siteId, formId);
  const db = await getDb();
  const rows = await db
    .select({ rating: feedbackSubmissions.rating, n: count() })
    .from(feedbackSubmissions)
    .where(and(eq(feedbackSubmissions.siteId, siteId), eq(feedbackSubmissions.formId, form.id)))
    .groupBy(feedbackSubmissions.rating);
  const byRating = new Map(rows.map((r) => [r.rating, Number(r.n)]));
  const distribution = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => ({ rating: RATING_MIN + i, count: byRating.get(RATING_MIN + i) ?? 0 }));
  const total = distribution.reduce((s, d) => s + d.count, 0);
  const sum = distribution.reduce((s, d) => s + d.rating * d.count, 0);
  const texts = await db
    .select()
    .from(feedbackSubmissions)
    .where(and(eq(feedbackSubmissions.siteId, siteId), eq(feedbackSubmissions.formId, form.id), sql`${feedbackSubmissions.openText} is not null`))
    .orderBy(desc(feedbackSubmissions.createdAt))
    .limit(500);
  return {
    form: view(form, total, total ? Math.round((sum / total) * 100) / 100 : null),
    distribution,
    openTexts: texts.map((t) => ({ id: t.id, rating: t.rating, openText: t.openText ?? "", locale: t.locale, createdAt: t.createdAt.toISOString() })),
  };
}

/** Every answer of a form as CSV in the spreadsheet dialect of the locale: time (UTC, ISO 8601), rating, language, open text. */
export async function feedbackCsv(siteId: string, formId: string, locale: string, header: [string, string, string, string]): Promise<{ filename: string; csv: string }> {
  const form = await formOf(siteId, formId);
  const db = await getDb();
  const rows = await db
    .select()
    .from(feedbackSubmissions)
    .where(and(eq(feedbackSubmissions.siteId, siteId), eq(feedbackSubmissions.formId, form.id)))
    .orderBy(asc(feedbackSubmissions.createdAt));
  const dialect = csvDialect(locale);
  // A text starting with = + - @ would be run as a formula by a spreadsheet: it is written with a leading quote.
  const safe = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
  const csv = csvDocument([header, ...rows.map((r) => [r.createdAt.toISOString(), csvNumber(r.rating, dialect), r.locale ?? "", safe(r.openText ?? "")])], dialect);
  return { filename: `feedback-${form.name}.csv`, csv };
}

/** Deletes every answer of a form (the form stays). */
export async function deleteFeedbackSubmissions(ctx: AdminContext, formId: string): Promise<{ deleted: number }> {
  const form = await formOf(ctx.siteId, formId);
  const db = await getDb();
  const gone = await db
    .delete(feedbackSubmissions)
    .where(and(eq(feedbackSubmissions.siteId, ctx.siteId), eq(feedbackSubmissions.formId, form.id)))
    .returning({ id: feedbackSubmissions.id });
  await auditAdminChange(ctx, "feedback-submissions.delete", { formId: form.id, name: form.name, deleted: gone.length });
  return { deleted: gone.length };
}
