import "server-only";
import { sql } from "drizzle-orm";
import { boolean, check, customType, foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { authUser } from "./auth";
import { customerRef, customers } from "./customers";
import { siteRef } from "./sites";
import { createdAt, updatedAt } from "./columns";

export type TicketStatusValue = "OPEN" | "ASSIGNED" | "CANCELLED" | "RESOLVED";
export type SupportReferenceKind = "channel" | "topic" | "subtype";
export type TicketSubjectKind = "contract" | "usage-point" | "invoice";
export type SupportActorKind = "customer" | "staff";

/** Binary data (attachments): PostgreSQL bytea, a Buffer in JavaScript. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The support reference lists of a site: channels (how the customer wants an answer), topics
 * (categories, NONE among them) and subtypes (each under one topic). Codes are the site's own;
 * names per locale are in support_reference_names.
 */
export const supportChannels = pgTable(
  "support_channels",
  {
    siteId: siteRef(),
    code: text("code").notNull(),
    sortOrder: smallint("sort_order").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.code] })],
);

export const supportTopics = pgTable(
  "support_topics",
  {
    siteId: siteRef(),
    code: text("code").notNull(),
    sortOrder: smallint("sort_order").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.code] })],
);

export const supportSubtypes = pgTable(
  "support_subtypes",
  {
    siteId: siteRef(),
    code: text("code").notNull(),
    topicCode: text("topic_code").notNull(),
    sortOrder: smallint("sort_order").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.code] }),
    foreignKey({ columns: [t.siteId, t.topicCode], foreignColumns: [supportTopics.siteId, supportTopics.code], name: "support_subtypes_topic_fk" }).onDelete("cascade"),
    index("support_subtypes_site_topic_idx").on(t.siteId, t.topicCode),
  ],
);

/** The name of a channel, topic or subtype in one locale. */
export const supportReferenceNames = pgTable(
  "support_reference_names",
  {
    siteId: siteRef(),
    kind: text("kind").$type<SupportReferenceKind>().notNull(),
    code: text("code").notNull(),
    locale: text("locale").notNull(),
    name: text("name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.kind, t.code, t.locale] }), check("support_reference_names_kind", sql`${t.kind} in ('channel', 'topic', 'subtype')`)],
);

/**
 * A support ticket of a customer. `status` OPEN has no assignee and ASSIGNED has one; RESOLVED
 * and CANCELLED keep the last assignee. `message` is plain text. `number` counts per site.
 */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    customerId: customerRef(),
    number: integer("number").notNull(),
    name: text("name").notNull(),
    message: text("message").notNull(),
    topicCode: text("topic_code").notNull(),
    subtypeCode: text("subtype_code").notNull(),
    channelCode: text("channel_code"),
    subjectKind: text("subject_kind").$type<TicketSubjectKind>(),
    subjectId: uuid("subject_id"),
    /** How the subject read when the ticket was opened (the product, address or invoice number). */
    subjectLabel: text("subject_label"),
    /** The structured request of POST /api/support/send, as validated. */
    request: jsonb("request").$type<Record<string, unknown>>(),
    status: text("status").$type<TicketStatusValue>().notNull().default("OPEN"),
    assigneePersonId: text("assignee_person_id").references(() => authUser.id, { onDelete: "set null" }),
    /** Who opened it: the customer's person, or customer service acting for the customer. */
    createdByPersonId: text("created_by_person_id").references(() => authUser.id, { onDelete: "set null" }),
    createdByKind: text("created_by_kind").$type<SupportActorKind>().notNull().default("customer"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The newest public comment or status change: the customer's list is ordered by it. */
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    /** The newest public comment of customer service (for the customer's unread mark). */
    lastStaffReplyAt: timestamp("last_staff_reply_at", { withTimezone: true }),
    /** The newest public comment of the customer (whether the ticket waits for customer service). */
    lastCustomerMessageAt: timestamp("last_customer_message_at", { withTimezone: true }).notNull().defaultNow(),
    /** The first public reply of customer service: the response time is this minus created_at. */
    firstResponseAt: timestamp("first_response_at", { withTimezone: true }),
    /** When the customer last opened the ticket. */
    customerSeenAt: timestamp("customer_seen_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("support_tickets_site_number").on(t.siteId, t.number),
    index("support_tickets_site_customer_idx").on(t.siteId, t.customerId, t.lastActivityAt),
    index("support_tickets_site_status_idx").on(t.siteId, t.status, t.createdAt),
    index("support_tickets_site_assignee_idx").on(t.siteId, t.assigneePersonId),
    check("support_tickets_status", sql`${t.status} in ('OPEN', 'ASSIGNED', 'CANCELLED', 'RESOLVED')`),
    check(
      "support_tickets_assigned",
      sql`(${t.status} = 'OPEN' and ${t.assigneePersonId} is null) or (${t.status} = 'ASSIGNED' and ${t.assigneePersonId} is not null) or ${t.status} in ('CANCELLED', 'RESOLVED')`,
    ),
    check("support_tickets_subject", sql`(${t.subjectKind} is null) = (${t.subjectId} is null)`),
    check("support_tickets_subject_kind", sql`${t.subjectKind} is null or ${t.subjectKind} in ('contract', 'usage-point', 'invoice')`),
    check("support_tickets_created_by_kind", sql`${t.createdByKind} in ('customer', 'staff')`),
  ],
);

/** A comment on a ticket: public (the customer sees it) or an internal note of customer service. Plain text. */
export const supportComments = pgTable(
  "support_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    authorKind: text("author_kind").$type<SupportActorKind>().notNull(),
    authorPersonId: text("author_person_id").references(() => authUser.id, { onDelete: "set null" }),
    /** The author's name when writing, kept when the person is gone. */
    authorName: text("author_name").notNull(),
    internal: boolean("internal").notNull().default(false),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("support_comments_ticket_idx").on(t.ticketId, t.createdAt),
    index("support_comments_site_idx").on(t.siteId),
    check("support_comments_author_kind", sql`${t.authorKind} in ('customer', 'staff')`),
    check("support_comments_internal_staff", sql`not ${t.internal} or ${t.authorKind} = 'staff'`),
  ],
);

/**
 * An uploaded file, in the database. Uploaded first and linked to a ticket (and a comment) when
 * the ticket or comment is sent; files never linked are removed by the `support-attachments-cleanup` job.
 */
export const supportAttachments = pgTable(
  "support_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    /** The customer it was uploaded for (null: uploaded by customer service at the desk). */
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    uploadedByPersonId: text("uploaded_by_person_id").references(() => authUser.id, { onDelete: "set null" }),
    ticketId: uuid("ticket_id").references(() => supportTickets.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id").references(() => supportComments.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("support_attachments_ticket_idx").on(t.ticketId),
    index("support_attachments_unlinked_idx")
      .on(t.createdAt)
      .where(sql`${t.ticketId} is null`),
    check("support_attachments_type", sql`${t.contentType} in ('image/png', 'image/jpeg', 'image/webp', 'application/pdf')`),
    check("support_attachments_size", sql`${t.size} > 0 and ${t.size} <= 5242880`),
    check("support_attachments_comment_ticket", sql`${t.commentId} is null or ${t.ticketId} is not null`),
  ],
);

/** A ticket's history: creation, status changes and assignments, with who and when. Append-only. */
export const supportTicketEvents = pgTable(
  "support_ticket_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"created" | "status" | "assignment">().notNull(),
    fromStatus: text("from_status").$type<TicketStatusValue>(),
    toStatus: text("to_status").$type<TicketStatusValue>(),
    assigneePersonId: text("assignee_person_id").references(() => authUser.id, { onDelete: "set null" }),
    assigneeName: text("assignee_name"),
    actorKind: text("actor_kind").$type<SupportActorKind>().notNull(),
    actorPersonId: text("actor_person_id").references(() => authUser.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("support_ticket_events_ticket_idx").on(t.ticketId, t.createdAt),
    check("support_ticket_events_kind", sql`${t.kind} in ('created', 'status', 'assignment')`),
    check("support_ticket_events_actor_kind", sql`${t.actorKind} in ('customer', 'staff')`),
  ],
);
