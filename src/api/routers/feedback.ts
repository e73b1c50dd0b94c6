import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { getActiveFeedbackForm, OPEN_TEXT_MAX, RATING_MAX, RATING_MIN, submitFeedback } from "@/server/feedback/feedback";

const FeedbackForm = z
  .object({
    id: z.string().openapi({ description: "formId" }),
    active: z.boolean(),
    renew: z.boolean(),
    refreshedAt: z.string().openapi({ description: "When the form last asked everyone again; a feedback-handled cookie older than this opens the dialog" }),
  })
  .openapi("FeedbackForm");

const FeedbackSubmission = z
  .object({
    formId: z.string().min(1).max(100),
    rating: z.unknown().optional().openapi({
      type: "integer",
      minimum: RATING_MIN,
      maximum: RATING_MAX,
      description: "Required; 1 to 5. Missing or not a number: errors.no-rating; out of range: errors.invalid-rating (422)",
    }),
    openText: z.string().max(OPEN_TEXT_MAX).nullable().optional(),
  })
  .strict()
  .openapi("FeedbackSubmission");

export const feedbackRouter = new OpenAPIHono<AppEnv>();

feedbackRouter.openapi(
  defineRoute({
    method: "get",
    path: "/feedback/form",
    tags: ["Feedback"],
    summary: "The site's active feedback form, if any",
    access: "person",
    feature: "feedback",
    responses: { 200: jsonResponse(z.object({ form: FeedbackForm.nullable() })) },
  }),
  async (c) => c.json({ form: await getActiveFeedbackForm(c.get("site").id) }, 200),
);

feedbackRouter.openapi(
  defineRoute({
    method: "put",
    path: "/feedback/send",
    tags: ["Feedback"],
    summary: "Answer the active feedback form (rating 1–5 and an optional comment)",
    access: "person",
    feature: "feedback",
    request: { body: jsonBody(FeedbackSubmission) },
    responses: { 201: jsonResponse(z.object({ id: z.string() }), "Recorded") },
  }),
  async (c) => {
    const session = c.get("session")!;
    const body = c.req.valid("json");
    const result = await submitFeedback(
      { siteId: c.get("site").id, personId: session.person.id, customerId: session.activeCustomer?.id ?? null, locale: c.req.header("x-portal-locale") ?? null },
      { formId: body.formId, rating: body.rating, openText: body.openText ?? null },
    );
    return c.json(result, 201);
  },
);
