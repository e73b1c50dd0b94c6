import { z } from "@hono/zod-openapi";
import { LocaleQuery, queryList } from "./common";
import { SUPPORT_ATTACHMENT_MAX_BYTES } from "@/lib/request-limits";

/**
 * Support: the customer's tickets (`/api/support/…`, `/api/me/support/tickets`) and the
 * customer-service desk (`/api/desk/…`). Message texts are plain text: clients show them as text,
 * never as HTML. Field errors carry translation keys of the `support` namespace (`support.errors.…`)
 * or the shared `validation.…` keys.
 */

// ── Limits ──────────────────────────────────────────────────────────────────────────────────────

export const TICKET_NAME_MAX = 200;
export const MESSAGE_MAX = 10_000;
export const ATTACHMENTS_MAX = 5;
/** The largest attachment: 5 MB. */
export const ATTACHMENT_MAX_BYTES = SUPPORT_ATTACHMENT_MAX_BYTES;
/** What an attachment may be, checked by its content (not its name or the declared type). */
export const ATTACHMENT_TYPES = ["image/png", "image/jpeg", "image/webp", "application/pdf"] as const;
export const DESK_PAGE_SIZE = 25;

// ── Statuses ────────────────────────────────────────────────────────────────────────────────────

export const TICKET_STATUSES = ["OPEN", "ASSIGNED", "CANCELLED", "RESOLVED"] as const;
export const TicketStatus = z.enum(TICKET_STATUSES).openapi("TicketStatus", { description: "OPEN (TS1), ASSIGNED (TS2), CANCELLED (TS3), RESOLVED (TS4)" });
export type TicketStatus = z.infer<typeof TicketStatus>;

/** The status codes of spec §3/§4, one per status in this order. */
export const TICKET_STATUS_CODES = { OPEN: "TS1", ASSIGNED: "TS2", CANCELLED: "TS3", RESOLVED: "TS4" } as const satisfies Record<TicketStatus, string>;
export const TicketStatusCode = z.enum(["TS1", "TS2", "TS3", "TS4"]);
export type TicketStatusCode = z.infer<typeof TicketStatusCode>;

// ── Reference lists ─────────────────────────────────────────────────────────────────────────────

const Code = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/)
  .openapi({ example: "INVOICE_QUESTION" });

export const SupportOption = z.object({ code: z.string(), name: z.string() }).openapi("SupportOption");
export type SupportOption = z.infer<typeof SupportOption>;

export const SupportSubtype = SupportOption.extend({ topicCode: z.string().openapi({ description: "The topic the subtype belongs to (NONE: no category)" }) }).openapi("SupportSubtype");
export type SupportSubtype = z.infer<typeof SupportSubtype>;

export const SupportChannelList = z.object({ channels: z.array(SupportOption) }).openapi("SupportChannelList");
export type SupportChannelList = z.infer<typeof SupportChannelList>;
export const SupportTopicList = z
  .object({ topics: z.array(SupportOption).openapi({ description: "The site's topics in their order; the category NONE (no category) is one of them" }) })
  .openapi("SupportTopicList");
export type SupportTopicList = z.infer<typeof SupportTopicList>;
export const SupportSubtypeList = z.object({ subtypes: z.array(SupportSubtype) }).openapi("SupportSubtypeList");
export type SupportSubtypeList = z.infer<typeof SupportSubtypeList>;

/** `?locale`: the language of the names (default: the site's default locale). */
export const SupportLocaleQuery = LocaleQuery;
export const SubtypeQuery = LocaleQuery.extend({ topicCode: Code.optional().openapi({ description: "Only the subtypes of this topic" }) });

/** The category a ticket has when it is about nothing in particular. */
export const TOPIC_NONE = "NONE";

// ── Attachments ─────────────────────────────────────────────────────────────────────────────────

export const Attachment = z
  .object({
    id: z.string().uuid(),
    fileName: z.string(),
    contentType: z.enum(ATTACHMENT_TYPES),
    size: z.number().int().openapi({ description: "Bytes" }),
    url: z.string().openapi({ description: "Where to download it (GET, the owner customer or staff of the site)", example: "/api/support/attachments/0b6c…" }),
  })
  .openapi("SupportAttachment");
export type Attachment = z.infer<typeof Attachment>;

export const AttachmentUpload = z
  .object({
    file: z
      .unknown()
      .optional()
      .openapi({ type: "string", format: "binary", description: "One file: PNG, JPEG, WebP or PDF (checked by content), at most 5 MB (required: support.errors.file-missing)" }),
  })
  .openapi("SupportAttachmentUpload");

export const AttachmentIdParam = z.object({
  attachmentId: z
    .string()
    .uuid()
    .openapi({ param: { name: "attachmentId", in: "path" }, example: "0b6c9a52-2f5e-4c57-9d3b-1c1f7d1e2a10" }),
});

const AttachmentIds = z
  .array(z.string().uuid())
  .max(ATTACHMENTS_MAX)
  .optional()
  .openapi({ description: "Attachments uploaded with POST /api/support/attachments by the same customer and not yet linked" });

// ── Tickets (customer) ──────────────────────────────────────────────────────────────────────────

export const TicketIdParam = z.object({
  ticketId: z
    .string()
    .uuid()
    .openapi({ param: { name: "ticketId", in: "path" }, example: "3f1e2d4c-5b6a-4789-8abc-def012345678" }),
});

export const SUBJECT_KINDS = ["contract", "usage-point", "invoice"] as const;
export const TicketSubjectRef = z
  .object({ kind: z.enum(SUBJECT_KINDS), id: z.string().uuid() })
  .strict()
  .openapi("TicketSubjectRef");
export type TicketSubjectRef = z.infer<typeof TicketSubjectRef>;

/** What a ticket is about, as shown: the kind, the id and a label (contract's product, usage point's address, invoice number). */
export const TicketSubject = z.object({ kind: z.enum(SUBJECT_KINDS), id: z.string().uuid(), label: z.string() }).openapi("TicketSubject");
export type TicketSubject = z.infer<typeof TicketSubject>;

const PlainText = (max: number) => z.string().trim().min(1).max(max).openapi({ description: "Plain text (shown as text, never as HTML)" });

export const TicketSummary = z
  .object({
    id: z.string().uuid(),
    number: z.string().openapi({ description: "The ticket's number on the site, to quote to customer service", example: "100042" }),
    name: z.string().openapi({ description: "The subject line" }),
    topicCode: z.string(),
    topicName: z.string().nullable().openapi({ description: "In the requested locale; null when the site no longer lists the code" }),
    subtypeCode: z.string(),
    subtypeName: z.string().nullable(),
    channelCode: z.string().nullable(),
    status: TicketStatus,
    statusCode: TicketStatusCode,
    createdAt: z.string().openapi({ description: "ISO 8601" }),
    lastActivityAt: z.string().openapi({ description: "The newest public comment or status change" }),
    unreadForCustomer: z.boolean().openapi({ description: "Customer service has replied since the customer last opened the ticket" }),
    canCancel: z.boolean().openapi({ description: "The customer may cancel it now (OPEN or ASSIGNED)" }),
    canComment: z.boolean().openapi({ description: "The customer may comment now (not CANCELLED; a comment on a RESOLVED ticket reopens it)" }),
  })
  .openapi("TicketSummary");
export type TicketSummary = z.infer<typeof TicketSummary>;

export const TicketList = z.object({ tickets: z.array(TicketSummary).openapi({ description: "Newest activity first" }) }).openapi("TicketList");
export type TicketList = z.infer<typeof TicketList>;

export const CommentAuthor = z
  .object({
    kind: z.enum(["customer", "staff"]),
    name: z.string().openapi({ description: "For staff shown to customers: the first name" }),
  })
  .openapi("CommentAuthor");
export type CommentAuthor = z.infer<typeof CommentAuthor>;

export const Comment = z
  .object({
    id: z.string().uuid(),
    author: CommentAuthor,
    body: z.string().openapi({ description: "Plain text" }),
    createdAt: z.string(),
    attachments: z.array(Attachment),
  })
  .openapi("SupportComment");
export type Comment = z.infer<typeof Comment>;

/** The structured request of a ticket sent with POST /api/support/send (support.advanced), as stored. */
export const METER_READING_MAX = 99_999_999;

export const MeterReadingRequest = z
  .object({
    kind: z.literal("meter-reading"),
    usagePointId: z.string().uuid().openapi({ description: "One of the customer's usage points (metering points)" }),
    reading: z.number().nonnegative().max(METER_READING_MAX).multipleOf(0.001).openapi({ description: "The meter's register value (kWh, or m³ for gas), up to 3 decimals" }),
    readAt: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .openapi({ description: "The day the meter was read (YYYY-MM-DD), not in the future and at most a year ago", example: "2026-01-31" }),
    message: PlainText(MESSAGE_MAX).optional(),
  })
  .strict()
  .openapi("MeterReadingRequest");

export const PayerChangeRequest = z
  .object({
    kind: z.literal("payer-change"),
    contractId: z.string().uuid().openapi({ description: "One of the customer's contracts" }),
    newPayerName: PlainText(200),
    newPayerCode: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9+-]{4,20}$/)
      .openapi({ description: "The new payer's personal or business registry code" }),
    newPayerEmail: z.string().trim().max(254).email(),
    startDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .openapi({ description: "From when (YYYY-MM-DD), today or later", example: "2026-03-01" }),
    message: PlainText(MESSAGE_MAX).optional(),
  })
  .strict()
  .openapi("PayerChangeRequest");

export const InvoiceQuestionRequest = z
  .object({
    kind: z.literal("invoice-question"),
    invoiceNumber: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,40}$/)
      .openapi({ description: "One of the customer's invoices", example: "2025000123" }),
    question: PlainText(MESSAGE_MAX),
  })
  .strict()
  .openapi("InvoiceQuestionRequest");

export const SupportRequest = z.discriminatedUnion("kind", [MeterReadingRequest, PayerChangeRequest, InvoiceQuestionRequest]).openapi("SupportRequest", {
  description: "A structured request (support.advanced); each creates a ticket with its own subtype and its fields",
});
export type SupportRequest = z.infer<typeof SupportRequest>;
export const SUPPORT_REQUEST_KINDS = ["meter-reading", "payer-change", "invoice-question"] as const satisfies readonly SupportRequest["kind"][];

export const TicketDetail = TicketSummary.extend({
  message: z.string().openapi({ description: "The customer's first message, plain text" }),
  subject: TicketSubject.nullable(),
  request: SupportRequest.nullable().openapi({ description: "The structured request the ticket was sent with, if any" }),
  attachments: z.array(Attachment).openapi({ description: "Attached to the first message" }),
  comments: z.array(Comment).openapi({ description: "Oldest first; for customers only the public ones" }),
}).openapi("TicketDetail");
export type TicketDetail = z.infer<typeof TicketDetail>;

export const CreateTicket = z
  .object({
    name: PlainText(TICKET_NAME_MAX).openapi({ description: "The subject line (required)" }),
    subtypeCode: Code.openapi({ description: "One of GET /api/support/subtypes (required)" }),
    message: PlainText(MESSAGE_MAX).openapi({ description: "Plain text (required)" }),
    channelCode: Code.optional().openapi({ description: "The preferred channel for the answer, one of GET /api/support/channels" }),
    topicCode: Code.optional().openapi({ description: "Must be the subtype's topic when given; default: the subtype's topic" }),
    subject: TicketSubjectRef.optional().openapi({ description: "One of the customer's contracts, usage points or invoices the ticket is about" }),
    attachmentIds: AttachmentIds,
  })
  .strict()
  .openapi("CreateTicket");
export type CreateTicket = z.infer<typeof CreateTicket>;

/** `comment` (spec §7) is accepted as another name of `body`. */
const commentAlias = (v: unknown) => {
  if (v && typeof v === "object" && !Array.isArray(v) && "comment" in v && !("body" in v)) {
    const { comment, ...rest } = v as Record<string, unknown>;
    return { ...rest, body: comment };
  }
  return v;
};

export const CreateComment = z
  .preprocess(
    commentAlias,
    z
      .object({
        body: PlainText(MESSAGE_MAX).openapi({ description: "Plain text (required); `comment` is accepted too" }),
        attachmentIds: AttachmentIds,
      })
      .strict(),
  )
  .openapi("CreateComment");
export type CreateComment = z.infer<typeof CreateComment>;

// ── Desk (customer service) ─────────────────────────────────────────────────────────────────────

export const StaffRef = z.object({ id: z.string(), name: z.string() }).openapi("SupportStaffRef");
export type StaffRef = z.infer<typeof StaffRef>;

export const DeskCustomer = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    clientCode: z.string().openapi({ description: "Open the account in customer-service mode with POST /api/customer-service/open" }),
    kind: z.enum(["private", "legal"]),
  })
  .openapi("DeskCustomer");
export type DeskCustomer = z.infer<typeof DeskCustomer>;

export const DeskTicketSummary = TicketSummary.omit({ unreadForCustomer: true, canCancel: true, canComment: true })
  .extend({
    customer: DeskCustomer,
    assignee: StaffRef.nullable(),
    firstResponseAt: z.string().nullable().openapi({ description: "The first public reply of customer service" }),
    firstResponseSeconds: z.number().int().nullable().openapi({ description: "From creation to the first public reply" }),
    awaitingStaff: z.boolean().openapi({ description: "Open or assigned, and the newest public message is the customer's" }),
  })
  .openapi("DeskTicketSummary");
export type DeskTicketSummary = z.infer<typeof DeskTicketSummary>;

export const DeskTicketList = z
  .object({
    tickets: z.array(DeskTicketSummary).openapi({ description: "Oldest waiting first for open tickets, newest activity first otherwise" }),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .openapi("DeskTicketList");
export type DeskTicketList = z.infer<typeof DeskTicketList>;

export const DeskTicketQuery = LocaleQuery.extend({
  status: queryList(TicketStatus).optional().openapi({ description: "One or more statuses (repeat or status[]=…); default all" }),
  topicCode: Code.optional(),
  assignee: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,100}$/)
    .optional()
    .openapi({ description: "me, unassigned or a staff member's id" }),
  olderThanHours: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 366)
    .optional()
    .openapi({ description: "Created at least this many hours ago" }),
  page: z.coerce.number().int().min(1).max(100_000).optional().openapi({ description: "1-based; 25 per page" }),
});

export const DeskComment = Comment.extend({
  internal: z.boolean().openapi({ description: "An internal note: never shown to the customer" }),
  author: CommentAuthor.extend({ id: z.string().nullable().openapi({ description: "The person who wrote it" }) }),
}).openapi("DeskComment");
export type DeskComment = z.infer<typeof DeskComment>;

export const TicketEvent = z
  .object({
    id: z.string().uuid(),
    kind: z.enum(["created", "status", "assignment"]),
    fromStatus: TicketStatus.nullable(),
    toStatus: TicketStatus.nullable(),
    assignee: StaffRef.nullable().openapi({ description: "assignment: the new assignee (null: unassigned)" }),
    actor: z.object({ kind: z.enum(["customer", "staff"]), id: z.string().nullable(), name: z.string() }),
    createdAt: z.string(),
  })
  .openapi("TicketEvent");
export type TicketEvent = z.infer<typeof TicketEvent>;

export const DeskTicketDetail = DeskTicketSummary.extend({
  message: z.string(),
  subject: TicketSubject.nullable(),
  request: SupportRequest.nullable(),
  attachments: z.array(Attachment),
  comments: z.array(DeskComment).openapi({ description: "Oldest first, internal notes included" }),
  history: z.array(TicketEvent).openapi({ description: "Oldest first: creation, status changes and assignments, with who and when" }),
  allowedStatuses: z.array(TicketStatus).openapi({ description: "The statuses staff may move the ticket to now" }),
  customerContact: z.object({ email: z.string().nullable(), phone: z.string().nullable(), locale: z.string().nullable() }),
}).openapi("DeskTicketDetail");
export type DeskTicketDetail = z.infer<typeof DeskTicketDetail>;

export const AssignTicket = z
  .object({ assigneeId: z.string().trim().min(1).max(100).nullable().openapi({ description: "A customer-service person of the site (yourself or a colleague); null unassigns" }) })
  .strict()
  .openapi("AssignTicket");
export type AssignTicket = z.infer<typeof AssignTicket>;

export const DeskCreateComment = z
  .object({
    body: PlainText(MESSAGE_MAX),
    internal: z.boolean().openapi({ description: "true: an internal note; false: a reply the customer sees and is e-mailed about" }),
    attachmentIds: AttachmentIds.openapi({ description: "Attachments uploaded by the same staff member with POST /api/support/attachments" }),
  })
  .strict()
  .openapi("DeskCreateComment");
export type DeskCreateComment = z.infer<typeof DeskCreateComment>;

export const ChangeTicketStatus = z.object({ status: TicketStatus }).strict().openapi("ChangeTicketStatus");
export type ChangeTicketStatus = z.infer<typeof ChangeTicketStatus>;

export const DeskStaffList = z.object({ staff: z.array(StaffRef.extend({ isMe: z.boolean() })).openapi({ description: "The site's customer-service people, by name" }) }).openapi("DeskStaffList");
export type DeskStaffList = z.infer<typeof DeskStaffList>;
