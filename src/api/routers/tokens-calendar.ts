import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { Ok } from "../schemas/common";
import { CalendarFeedCreated, CalendarFeedParam, CalendarFeedRequest, CalendarFeedState } from "../schemas/tokens";
import { notFound } from "@/server/errors";
import { calendarFeedState, createCalendarFeed, feedForToken, renderCalendarFeed, revokeCalendarFeed } from "@/server/calendar/calendar";
import { requestOrigin } from "@/server/auth/auth";
import { localePath } from "@/lib/locales";
import { tokenActor } from "./tokens";

export const calendarRouter = new OpenAPIHono<AppEnv>();

calendarRouter.openapi(
  defineRoute({
    method: "get",
    path: "/me/calendar-feed",
    operationId: "getCalendarFeed",
    errors: { 403: "Customer-service staff acting for the customer" },
    tags: ["Calendar feed"],
    summary: "Whether the person has a calendar feed for the active customer, since when and when a calendar last read it",
    access: "customer",
    feature: "api-tokens",
    responses: { 200: jsonResponse(CalendarFeedState) },
  }),
  async (c) => c.json(await calendarFeedState(tokenActor(c)), 200),
);

calendarRouter.openapi(
  defineRoute({
    method: "post",
    path: "/me/calendar-feed",
    operationId: "createCalendarFeed",
    errors: { 403: "Customer-service staff acting for the customer" },
    tags: ["Calendar feed"],
    summary: "Makes a new private calendar feed URL (shown this once); a previous one stops working",
    access: "customer",
    feature: "api-tokens",
    request: { body: jsonBody(CalendarFeedRequest) },
    responses: { 201: jsonResponse(CalendarFeedCreated, "Created") },
  }),
  async (c) => {
    const a = tokenActor(c);
    const site = c.get("site");
    const asked = c.req.valid("json").locale;
    const locale = asked && site.locales.includes(asked) ? asked : site.defaultLocaleId;
    const { token, state } = await createCalendarFeed(a, locale);
    const url = `${requestOrigin(c.req.raw.headers, c.req.url)}/api/calendar/${token}.ics`;
    return c.json({ url, feed: state }, 201);
  },
);

calendarRouter.openapi(
  defineRoute({
    method: "delete",
    path: "/me/calendar-feed",
    operationId: "revokeCalendarFeed",
    errors: { 403: "Customer-service staff acting for the customer", 404: "The person has no calendar feed for the active customer" },
    tags: ["Calendar feed"],
    summary: "Stops the calendar feed: its URL answers 404 from this moment",
    access: "customer",
    feature: "api-tokens",
    responses: { 200: jsonResponse(Ok) },
  }),
  async (c) => {
    await revokeCalendarFeed(tokenActor(c));
    return c.json({ ok: true }, 200);
  },
);

calendarRouter.openapi(
  defineRoute({
    method: "get",
    path: "/calendar/{feedToken}",
    operationId: "getCalendarFeedIcs",
    errors: { 404: "No live feed of this site has the token (revoked, replaced, or the person no longer acts for the customer)" },
    tags: ["Calendar feed"],
    summary: "The private iCalendar feed (RFC 5545): invoice due dates, contract ends and planned outages",
    description: "The URL is the credential (calendar apps send no headers): `/api/calendar/<feed token>.ics`, as the feed's owner was shown it once.",
    access: "public",
    feature: "api-tokens",
    request: { params: CalendarFeedParam },
    responses: { 200: { description: "The feed", content: { "text/calendar": { schema: z.string() } } } },
  }),
  async (c) => {
    const site = c.get("site");
    const raw = c.req.valid("param").feedToken;
    const token = raw.endsWith(".ics") ? raw.slice(0, -4) : raw;
    const feed = await feedForToken(site.id, token);
    if (!feed) throw notFound("tokens.errors.feed-not-found");
    const locale = site.locales.includes(feed.locale) ? feed.locale : site.defaultLocaleId;
    const body = await renderCalendarFeed(site, feed, requestOrigin(c.req.raw.headers, c.req.url), localePath(site, locale, ""));
    return c.body(body, 200, { "content-type": "text/calendar; charset=utf-8", "content-disposition": 'inline; filename="calendar.ics"' });
  },
);
