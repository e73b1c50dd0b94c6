import { OpenAPIHono } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { errorBody } from "../errors";
import { ErrorBody } from "../schemas/errors";
import {
  Attachment,
  AttachmentIdParam,
  AttachmentUpload,
  CreateComment,
  CreateTicket,
  SubtypeQuery,
  SupportChannelList,
  SupportLocaleQuery,
  SupportRequest,
  SupportSubtypeList,
  SupportTopicList,
  TicketDetail,
  TicketIdParam,
  TicketList,
} from "../schemas/support";
import { AppError, forbidden, notFound, validationError } from "@/server/errors";
import { requestOrigin } from "@/server/auth/auth";
import { listChannels, listSubtypes, listTopics, supportLocale } from "@/server/support/reference";
import { AttachmentTooLargeError, readAttachment, storeAttachment } from "@/server/support/attachments";
import { addCustomerComment, cancelCustomerTicket, createTicket, customerTicketExists, getCustomerTicket, listCustomerTickets, type CustomerContext, type SupportSite } from "@/server/support/tickets";
import { queueReplyMail } from "@/server/support/mail";
import { sendStructuredRequest } from "@/server/support/requests";
import type { Actor } from "@/server/support/types";

/**
 * Support for customers: reference lists, their tickets, comments, cancelling, attachments and
 * (support.advanced) structured requests. Customer-service staff in a customer's account act as
 * staff: what they write is a public reply of customer service (audited by the customer-service
 * middleware). Internal notes never reach these answers.
 */
export const supportRouter = new OpenAPIHono<AppEnv>();

export function supportSite(c: Context<AppEnv>): SupportSite {
  const s = c.get("site");
  return { id: s.id, defaultLocaleId: s.defaultLocaleId, locales: s.locales, companyName: s.companyName, themeId: s.themeId, timezone: s.timezone };
}

export function actorOf(c: Context<AppEnv>, kind?: Actor["kind"]): Actor {
  const s = c.get("session")!;
  return { kind: kind ?? (s.customerService ? "staff" : "customer"), personId: s.person.id, name: s.person.name };
}

function customerContext(c: Context<AppEnv>): CustomerContext {
  return { site: supportSite(c), customerId: c.get("session")!.activeCustomer!.id, actor: actorOf(c) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Runs before the body is validated: another customer's ticket is not found whatever the body. */
const customerTicketOnly = createMiddleware<AppEnv>(async (c, next) => {
  const id = c.req.param("ticketId");
  if (id && UUID.test(id) && !(await customerTicketExists(c.get("site").id, c.get("session")!.activeCustomer!.id, id))) throw notFound("support.errors.not-found");
  await next();
});

const detail = async (c: Context<AppEnv>, ticketId: string, locale: string | undefined, markSeen = false) =>
  getCustomerTicket(c.get("site"), c.get("session")!.activeCustomer!.id, ticketId, supportLocale(c.get("site"), locale), { markSeen });

/** Structured requests need support.advanced: without it they are not found, whatever the body. */
const advancedSupportOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get("site").features.includes("support.advanced")) throw notFound("api.errors.feature-disabled");
  await next();
});

const errorAnswer = (description: string) => ({ description, content: { "application/json": { schema: ErrorBody } } });

// ── Reference lists ─────────────────────────────────────────────────────────────────────────────

supportRouter.openapi(
  defineRoute({
    method: "get",
    path: "/support/channels",
    operationId: "listSupportChannels",
    tags: ["Support"],
    summary: "The channels a customer may ask to be answered through, named in the locale",
    access: "customer",
    feature: "support",
    request: { query: SupportLocaleQuery },
    responses: { 200: jsonResponse(SupportChannelList) },
  }),
  async (c) => {
    const site = c.get("site");
    return c.json({ channels: await listChannels(site, supportLocale(site, c.req.valid("query").locale)) }, 200);
  },
);

supportRouter.openapi(
  defineRoute({
    method: "get",
    path: "/support/topics",
    operationId: "listSupportTopics",
    tags: ["Support"],
    summary: "The topics (categories) of tickets, NONE among them, named in the locale",
    access: "customer",
    feature: "support",
    request: { query: SupportLocaleQuery },
    responses: { 200: jsonResponse(SupportTopicList) },
  }),
  async (c) => {
    const site = c.get("site");
    return c.json({ topics: await listTopics(site, supportLocale(site, c.req.valid("query").locale)) }, 200);
  },
);

supportRouter.openapi(
  defineRoute({
    method: "get",
    path: "/support/subtypes",
    operationId: "listSupportSubtypes",
    tags: ["Support"],
    summary: "The subtypes of tickets (of one topic with topicCode), named in the locale",
    access: "customer",
    feature: "support",
    request: { query: SubtypeQuery },
    responses: { 200: jsonResponse(SupportSubtypeList) },
  }),
  async (c) => {
    const site = c.get("site");
    const q = c.req.valid("query");
    return c.json({ subtypes: await listSubtypes(site, supportLocale(site, q.locale), q.topicCode) }, 200);
  },
);

// ── Tickets ─────────────────────────────────────────────────────────────────────────────────────

supportRouter.openapi(
  defineRoute({
    method: "get",
    path: "/me/support/tickets",
    operationId: "listSupportTickets",
    tags: ["Support"],
    summary: "The active customer's tickets, newest activity first",
    access: "customer",
    feature: "support",
    request: { query: SupportLocaleQuery },
    responses: { 200: jsonResponse(TicketList) },
  }),
  async (c) => {
    const site = c.get("site");
    const tickets = await listCustomerTickets(site, c.get("session")!.activeCustomer!.id, supportLocale(site, c.req.valid("query").locale));
    return c.json({ tickets }, 200);
  },
);

supportRouter.openapi(
  defineRoute({
    method: "post",
    path: "/me/support/tickets",
    operationId: "createSupportTicket",
    tags: ["Support"],
    summary: "Open a ticket",
    description:
      "name, subtypeCode and message are required (spec §5). The topic is the subtype's; a topicCode that differs is refused. subject names one of the customer's contracts, usage points or invoices; attachmentIds are the customer's unlinked uploads. Rejections are 422 with field errors (support.errors.… keys) and store nothing.",
    access: "customer",
    feature: "support",
    request: { query: SupportLocaleQuery, body: jsonBody(CreateTicket) },
    responses: { 201: jsonResponse(TicketDetail, "The new ticket") },
  }),
  async (c) => {
    const id = await createTicket(customerContext(c), c.req.valid("json"));
    return c.json(await detail(c, id, c.req.valid("query").locale), 201);
  },
);

supportRouter.openapi(
  defineRoute({
    method: "get",
    path: "/support/tickets/{ticketId}",
    operationId: "getSupportTicket",
    errors: { 404: "No such ticket for the active customer" },
    tags: ["Support"],
    summary: "A ticket with its public comments (never internal notes); opening it clears the unread mark",
    access: "customer",
    feature: "support",
    middleware: [customerTicketOnly],
    request: { params: TicketIdParam, query: SupportLocaleQuery },
    responses: { 200: jsonResponse(TicketDetail) },
  }),
  async (c) => {
    const markSeen = !c.get("session")!.customerService;
    return c.json(await detail(c, c.req.valid("param").ticketId, c.req.valid("query").locale, markSeen), 200);
  },
);

supportRouter.openapi(
  defineRoute({
    method: "post",
    path: "/support/tickets/{ticketId}/comments",
    operationId: "addSupportComment",
    errors: { 404: "No such ticket for the active customer", 409: "The ticket is cancelled" },
    tags: ["Support"],
    summary: "Comment on a ticket (a comment on a resolved ticket reopens it)",
    description: "Body `body` (spec §7 calls it `comment`; both are accepted) and optional attachmentIds of the customer's unlinked uploads.",
    access: "customer",
    feature: "support",
    middleware: [customerTicketOnly],
    request: { params: TicketIdParam, query: SupportLocaleQuery, body: jsonBody(CreateComment) },
    responses: { 201: jsonResponse(TicketDetail, "The ticket with the new comment") },
  }),
  async (c) => {
    const ctx = customerContext(c);
    const { ticketId } = c.req.valid("param");
    const { commentId, row } = await addCustomerComment(ctx, ticketId, c.req.valid("json"));
    if (ctx.actor.kind === "staff") await queueReplyMail({ site: ctx.site, ticket: row, commentId, origin: requestOrigin(c.req.raw.headers, c.req.url) });
    return c.json(await detail(c, ticketId, c.req.valid("query").locale), 201);
  },
);

supportRouter.openapi(
  defineRoute({
    method: "post",
    path: "/support/tickets/{ticketId}/cancel",
    operationId: "cancelSupportTicket",
    errors: { 404: "No such ticket for the active customer", 409: "The ticket is not OPEN or ASSIGNED" },
    tags: ["Support"],
    summary: "Cancel an open or assigned ticket",
    access: "customer",
    feature: "support",
    middleware: [customerTicketOnly],
    request: { params: TicketIdParam, query: SupportLocaleQuery },
    responses: { 200: jsonResponse(TicketDetail) },
  }),
  async (c) => {
    const { ticketId } = c.req.valid("param");
    await cancelCustomerTicket(customerContext(c), ticketId);
    return c.json(await detail(c, ticketId, c.req.valid("query").locale), 200);
  },
);

supportRouter.openapi(
  defineRoute({
    method: "post",
    path: "/support/send",
    operationId: "sendSupportRequest",
    errors: { 404: "The site has the feature support.advanced off" },
    tags: ["Support"],
    summary: "Send a structured request (a meter reading, a change of payer, a question about an invoice); it becomes a ticket",
    description:
      "Needs the features support and support.advanced. Each kind has its own fields (see SupportRequest) and is checked against the customer's own usage points, contracts and invoices; rejections are 422 with field errors and store nothing.",
    access: "customer",
    // The area feature here, so access is checked first; the option before the body is read.
    feature: "support",
    middleware: [advancedSupportOnly],
    request: { query: SupportLocaleQuery, body: jsonBody(SupportRequest) },
    responses: { 201: jsonResponse(TicketDetail, "The new ticket") },
  }),
  async (c) => {
    const id = await sendStructuredRequest(customerContext(c), c.req.valid("json"));
    return c.json(await detail(c, id, c.req.valid("query").locale), 201);
  },
);

// ── Attachments ─────────────────────────────────────────────────────────────────────────────────

supportRouter.openapi(
  defineRoute({
    method: "post",
    path: "/support/attachments",
    operationId: "uploadSupportAttachment",
    errors: { 403: "Neither acting for a customer nor customer-service staff", 429: "Too many uploads waiting to be linked" },
    tags: ["Support"],
    summary: "Upload one file (PNG, JPEG, WebP or PDF, at most 5 MB) to attach to a ticket or comment",
    description:
      "multipart/form-data with one part `file`. The type is read from the content: anything else is 422 (support.errors.file-type), a file over 5 MB is 413. The upload belongs to the active customer (or, at the desk, to the staff member) and is removed if not linked to a ticket within a day.",
    access: "person",
    feature: "support",
    request: { body: { required: true, content: { "multipart/form-data": { schema: AttachmentUpload } } } },
    responses: {
      201: jsonResponse(Attachment, "The stored file"),
      413: errorAnswer("The file is larger than 5 MB, or the body larger than the upload limit"),
      415: errorAnswer("The body is not multipart/form-data"),
    },
  }),
  async (c) => {
    const s = c.get("session")!;
    const staff = s.roles.includes("customer_service");
    if (!s.activeCustomer && !staff) throw new AppError("forbidden", "api.errors.no-active-customer");
    const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (type !== "multipart/form-data") return c.json(errorBody("unsupported_media_type", "api.errors.unsupported-media-type", 415), 415);
    const file = c.req.valid("form").file;
    if (!(file instanceof File)) throw validationError([{ path: "file", code: "invalid_type", message: "support.errors.file-missing" }]);
    try {
      const stored = await storeAttachment(
        { siteId: c.get("site").id, customerId: s.activeCustomer?.id ?? null, personId: s.person.id },
        { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) },
      );
      return c.json(stored, 201);
    } catch (err) {
      if (err instanceof AttachmentTooLargeError) return c.json(errorBody("payload_too_large", err.message, 413), 413);
      throw err;
    }
  },
);

supportRouter.openapi(
  defineRoute({
    method: "get",
    path: "/support/attachments/{attachmentId}",
    operationId: "downloadSupportAttachment",
    errors: { 403: "Neither acting for a customer nor customer-service staff", 404: "No such attachment for the caller" },
    tags: ["Support"],
    summary: "Download an attachment (its customer, or customer-service staff of the site)",
    description: "Always as a download (Content-Disposition: attachment), with the type found in its content.",
    access: "person",
    feature: "support",
    request: { params: AttachmentIdParam },
    responses: {
      200: {
        description: "The file",
        content: {
          "image/png": { schema: { type: "string", format: "binary" } },
          "image/jpeg": { schema: { type: "string", format: "binary" } },
          "image/webp": { schema: { type: "string", format: "binary" } },
          "application/pdf": { schema: { type: "string", format: "binary" } },
        },
      },
    },
  }),
  async (c) => {
    const s = c.get("session")!;
    const staff = s.roles.includes("customer_service");
    if (!s.activeCustomer && !staff) throw forbidden("api.errors.no-active-customer");
    const file = await readAttachment({ siteId: c.get("site").id, customerId: s.activeCustomer?.id ?? null, staff }, c.req.valid("param").attachmentId);
    const ascii = file.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
    return c.body(new Uint8Array(file.data), 200, {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "cache-control": "private, no-store",
    });
  },
);
