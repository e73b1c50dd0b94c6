import { OpenAPIHono } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { AssignTicket, ChangeTicketStatus, DeskCreateComment, DeskStaffList, DeskTicketDetail, DeskTicketList, DeskTicketQuery, SupportLocaleQuery, TicketIdParam } from "../schemas/support";
import { notFound } from "@/server/errors";
import { requestOrigin } from "@/server/auth/auth";
import { supportLocale } from "@/server/support/reference";
import { addDeskComment, assignTicket, changeTicketStatus, getDeskTicket, listDeskStaff, listDeskTickets, siteTicketExists, type DeskContext } from "@/server/support/desk";
import { actorOf, supportSite } from "./support";

/**
 * The customer-service desk: the site's tickets for its customer-service staff only (403 for
 * anyone else, another site's ticket 404). Internal notes and the ticket history are answered
 * here and nowhere else.
 */
export const deskRouter = new OpenAPIHono<AppEnv>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Runs before the body is validated: another site's ticket is not found whatever the body. */
const siteTicketOnly = createMiddleware<AppEnv>(async (c, next) => {
  const id = c.req.param("ticketId");
  if (id && UUID.test(id) && !(await siteTicketExists(c.get("site").id, id))) throw notFound("support.errors.not-found");
  await next();
});

const deskContext = (c: Context<AppEnv>): DeskContext => ({ site: supportSite(c), actor: actorOf(c, "staff"), requestId: c.get("requestId") });

const deskDetail = (c: Context<AppEnv>, ticketId: string, locale: string | undefined) => getDeskTicket(c.get("site"), ticketId, supportLocale(c.get("site"), locale));

deskRouter.openapi(
  defineRoute({
    method: "get",
    path: "/desk/tickets",
    operationId: "listDeskTickets",
    tags: ["Customer service"],
    summary: "The site's ticket queue: open work first (oldest first), then closed tickets; 25 a page",
    description: "Filters: status (one or more), topicCode, assignee (me, unassigned or a staff member's id), olderThanHours (created at least that long ago).",
    access: "customer_service",
    feature: "support",
    request: { query: DeskTicketQuery },
    responses: { 200: jsonResponse(DeskTicketList) },
  }),
  async (c) => {
    const q = c.req.valid("query");
    const site = c.get("site");
    const list = await listDeskTickets(site, c.get("session")!.person.id, supportLocale(site, q.locale), {
      status: q.status,
      topicCode: q.topicCode,
      assignee: q.assignee,
      olderThanHours: q.olderThanHours,
      page: q.page,
    });
    return c.json(list, 200);
  },
);

deskRouter.openapi(
  defineRoute({
    method: "get",
    path: "/desk/tickets/{ticketId}",
    operationId: "getDeskTicket",
    errors: { 404: "No such ticket on the site" },
    tags: ["Customer service"],
    summary: "A ticket with internal notes, history (status changes and assignments with who and when) and first-response time",
    access: "customer_service",
    feature: "support",
    middleware: [siteTicketOnly],
    request: { params: TicketIdParam, query: SupportLocaleQuery },
    responses: { 200: jsonResponse(DeskTicketDetail) },
  }),
  async (c) => c.json(await deskDetail(c, c.req.valid("param").ticketId, c.req.valid("query").locale), 200),
);

deskRouter.openapi(
  defineRoute({
    method: "post",
    path: "/desk/tickets/{ticketId}/assign",
    operationId: "assignDeskTicket",
    errors: { 404: "No such ticket on the site", 409: "The ticket is resolved or cancelled" },
    tags: ["Customer service"],
    summary: "Assign a ticket to yourself or a colleague of the site (null: back to the queue)",
    access: "customer_service",
    feature: "support",
    middleware: [siteTicketOnly],
    request: { params: TicketIdParam, query: SupportLocaleQuery, body: jsonBody(AssignTicket) },
    responses: { 200: jsonResponse(DeskTicketDetail) },
  }),
  async (c) => {
    const { ticketId } = c.req.valid("param");
    await assignTicket(deskContext(c), ticketId, c.req.valid("json").assigneeId);
    return c.json(await deskDetail(c, ticketId, c.req.valid("query").locale), 200);
  },
);

deskRouter.openapi(
  defineRoute({
    method: "post",
    path: "/desk/tickets/{ticketId}/comments",
    operationId: "addDeskComment",
    errors: { 404: "No such ticket on the site" },
    tags: ["Customer service"],
    summary: "Reply to the customer (they see it and get an e-mail) or add an internal note (never shown to the customer)",
    access: "customer_service",
    feature: "support",
    middleware: [siteTicketOnly],
    request: { params: TicketIdParam, query: SupportLocaleQuery, body: jsonBody(DeskCreateComment) },
    responses: { 201: jsonResponse(DeskTicketDetail, "The ticket with the new comment") },
  }),
  async (c) => {
    const { ticketId } = c.req.valid("param");
    await addDeskComment({ ...deskContext(c), origin: requestOrigin(c.req.raw.headers, c.req.url) }, ticketId, c.req.valid("json"));
    return c.json(await deskDetail(c, ticketId, c.req.valid("query").locale), 201);
  },
);

deskRouter.openapi(
  defineRoute({
    method: "post",
    path: "/desk/tickets/{ticketId}/status",
    operationId: "changeDeskTicketStatus",
    errors: { 404: "No such ticket on the site", 409: "The status rules do not allow the move" },
    tags: ["Customer service"],
    summary: "Move a ticket to a status (resolve, cancel, reopen, take, back to the queue) by the status rules",
    description: "allowedStatuses of the ticket lists the statuses allowed now. ASSIGNED from OPEN assigns the caller; OPEN clears the assignee; a reopened ticket goes back to its assignee.",
    access: "customer_service",
    feature: "support",
    middleware: [siteTicketOnly],
    request: { params: TicketIdParam, query: SupportLocaleQuery, body: jsonBody(ChangeTicketStatus) },
    responses: { 200: jsonResponse(DeskTicketDetail) },
  }),
  async (c) => {
    const { ticketId } = c.req.valid("param");
    await changeTicketStatus(deskContext(c), ticketId, c.req.valid("json").status);
    return c.json(await deskDetail(c, ticketId, c.req.valid("query").locale), 200);
  },
);

deskRouter.openapi(
  defineRoute({
    method: "get",
    path: "/desk/staff",
    operationId: "listDeskStaff",
    tags: ["Customer service"],
    summary: "The site's customer-service people, to assign tickets to",
    access: "customer_service",
    feature: "support",
    responses: { 200: jsonResponse(DeskStaffList) },
  }),
  async (c) => c.json({ staff: await listDeskStaff(c.get("site").id, c.get("session")!.person.id) }, 200),
);
