import { z } from "@hono/zod-openapi";
import { OPEN_TEXT_MAX, RATING_MAX, RATING_MIN } from "@/lib/feedback";

export const FeedbackForm = z
  .object({
    id: z.string().openapi({ description: "formId" }),
    active: z.boolean(),
    renew: z.boolean(),
    refreshedAt: z.string().openapi({ description: "When the form last asked everyone again; a feedback-handled cookie older than this opens the dialog" }),
  })
  .openapi("FeedbackForm");
export type FeedbackForm = z.infer<typeof FeedbackForm>;

export const ActiveFeedbackForm = z.object({ form: FeedbackForm.nullable() });
export type ActiveFeedbackForm = z.infer<typeof ActiveFeedbackForm>;

export const FeedbackSubmission = z
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
export type FeedbackSubmission = z.infer<typeof FeedbackSubmission>;
