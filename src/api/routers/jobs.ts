import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { defineRoute, jsonResponse } from "../route";
import { JOB_STATES, listSiteJobs, retrySiteJob } from "@/server/jobs/dead-letter";

const Job = z
  .object({
    id: z.string().uuid(),
    name: z.string().openapi({ description: "The job's name in the registry, e.g. mail-send" }),
    label: z.string().openapi({ description: "Translation key of what the job does (jobs.names.*)" }),
    state: z.enum(JOB_STATES),
    attempts: z.number().int().openapi({ description: "Runs so far" }),
    maxAttempts: z.number().int().openapi({ description: "Runs allowed in all (the first and its retries)" }),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    runAfter: z.string().openapi({ description: "When a job waiting for a retry runs next" }),
    failure: z.string().nullable().openapi({ description: "Translation key of why the last run failed (jobs.failures.*), or null" }),
  })
  .openapi("Job");

const JobIdParam = z.object({
  jobId: z
    .string()
    .uuid()
    .openapi({ param: { name: "jobId", in: "path" } }),
});

export const jobsRouter = new OpenAPIHono<AppEnv>();

jobsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/admin/jobs",
    operationId: "listSiteJobs",
    tags: ["Jobs"],
    summary: "The site's background jobs in one state; failed ones past their retries are the dead letter (administrators)",
    description: "Only jobs of the site of the request's host. Newest first, at most `limit`.",
    access: "site_admin",
    request: {
      query: z.object({
        state: z.enum(JOB_STATES).default("failed"),
        limit: z.coerce.number().int().min(1).max(500).default(100),
      }),
    },
    responses: { 200: jsonResponse(z.object({ jobs: z.array(Job) }).openapi("JobList")) },
  }),
  async (c) => {
    const { state, limit } = c.req.valid("query");
    return c.json({ jobs: await listSiteJobs(c.get("site").id, { state, limit }) }, 200);
  },
);

jobsRouter.openapi(
  defineRoute({
    method: "post",
    path: "/admin/jobs/{jobId}/retry",
    operationId: "retrySiteJob",
    tags: ["Jobs"],
    summary: "Run a failed job of the site once more (administrators)",
    access: "site_admin",
    request: { params: JobIdParam },
    errors: { 404: "No such job of this site (jobs.errors.not-found)", 409: "The job is not failed: queued, running or done already (jobs.errors.not-failed)" },
    responses: { 200: jsonResponse(z.object({ job: Job }).openapi("JobRetried")) },
  }),
  async (c) => c.json({ job: await retrySiteJob(c.get("site").id, c.req.valid("param").jobId) }, 200),
);
