import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { recordClientLog } from "@/server/logs/client-logs";
import { enforceRateLimit } from "@/server/rate-limit";

export const LogRecordSchema = z
  .object({
    message: z.string().trim().min(1).max(2000),
    level: z.enum(["debug", "info", "warn", "error"]),
    payload: z
      .record(z.string(), z.unknown())
      .nullable()
      .optional()
      .refine((v) => v == null || JSON.stringify(v).length <= 16_000, { message: "payload too large" }),
  })
  .strict()
  .openapi("LogRecord");

export const logsRouter = new OpenAPIHono<AppEnv>();

logsRouter.openapi(
  defineRoute({
    method: "post",
    path: "/logs",
    tags: ["Diagnostics"],
    summary: "Record a client-side log line (errors, missing translations)",
    access: "public",
    request: { body: jsonBody(LogRecordSchema) },
    responses: { 201: jsonResponse(z.object({ id: z.string() }), "Recorded") },
  }),
  async (c) => {
    const site = c.get("site");
    const clientIdValue = c.get("clientId");
    await enforceRateLimit(`client-log:${site.id}:${clientIdValue ?? c.req.header("x-forwarded-for") ?? "anonymous"}`, 60, 60);
    const body = c.req.valid("json");
    const id = await recordClientLog({
      siteId: site.id,
      clientId: clientIdValue,
      personId: c.get("session")?.person.id ?? null,
      level: body.level,
      message: body.message,
      payload: body.payload ?? null,
      requestId: c.get("requestId"),
    });
    return c.json({ id }, 201);
  },
);
