import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { getActiveFeedbackForm, submitFeedback } from "@/server/feedback/feedback";
import { ActiveFeedbackForm, FeedbackSubmission } from "../schemas/feedback";
import { Recorded } from "../schemas/common";

export const feedbackRouter = new OpenAPIHono<AppEnv>();

feedbackRouter.openapi(
  defineRoute({
    method: "get",
    path: "/feedback/form",
    operationId: "getFeedbackForm",
    tags: ["Feedback"],
    summary: "The site's active feedback form, if any",
    access: "person",
    feature: "feedback",
    responses: { 200: jsonResponse(ActiveFeedbackForm) },
  }),
  async (c) => c.json({ form: await getActiveFeedbackForm(c.get("site").id) }, 200),
);

feedbackRouter.openapi(
  defineRoute({
    method: "put",
    path: "/feedback/send",
    operationId: "sendFeedback",
    errors: { 404: "No such active form" },
    tags: ["Feedback"],
    summary: "Answer the active feedback form (rating 1–5 and an optional comment)",
    access: "person",
    feature: "feedback",
    request: { body: jsonBody(FeedbackSubmission) },
    responses: { 201: jsonResponse(Recorded, "Recorded") },
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
