import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { recordClientLog } from "@/server/logs/client-logs";
import { enforceRateLimit } from "@/server/rate-limit";
import { LogRecord } from "../schemas/logs";
import { Recorded } from "../schemas/common";

export const logsRouter = new OpenAPIHono<AppEnv>();

logsRouter.openapi(
  defineRoute({
    method: "post",
    path: "/logs",
    operationId: "recordClientLog",
    errors: { 429: "Too many log lines" },
    tags: ["Diagnostics"],
    summary: "Record a client-side log line (errors, missing translations)",
    access: "public",
    request: { body: jsonBody(LogRecord) },
    responses: { 201: jsonResponse(Recorded, "Recorded") },
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
