import "server-only";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { energyContracts, invoices, meteringPoints, supportComments, supportTicketEvents, supportTickets, type TicketSubjectKind } from "@/server/db/schema";
import { AppError, notFound, validationError, type FieldError } from "@/server/errors";
import { channelExists, findSubtype, referenceNames, topicExists, type NameBook, type ReferenceSite } from "./reference";
import { linkAttachments, ticketAttachments, type AttachmentOwner } from "./attachments";
import { customerMayComment, findRule, mayAct } from "./status-rules";
import { STATUS_CODES, type Actor, type CommentView, type StructuredRequest, type SubjectView, type TicketDetailView, type TicketStatus, type TicketSummaryView } from "./types";

/**
 * The customer's side of support: their tickets, the public comments on them, opening, commenting
 * and cancelling. Every query has the site and the customer in its WHERE; another customer's
 * ticket is not found. Customer service acting in the customer's account (customer-service mode)
 * comes through here too, as a staff actor: what they write is a public reply of customer service.
 */

export interface SupportSite extends ReferenceSite {
  locales: readonly string[];
  timezone: string;
  companyName: string;
  themeId: string;
}

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type TicketRow = typeof supportTickets.$inferSelect;

export const iso = (d: Date | string) => new Date(d).toISOString();
/** How a staff member is named to customers: by first name. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;
/** The database's clock at the moment of the statement (not of the transaction), so a transaction's rows keep their order. */
export const clock = () => sql`clock_timestamp()`;

/** The PostgreSQL error code of a failure (drizzle wraps the driver's error as its cause). */
export function pgCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export function summaryView(row: TicketRow, names: NameBook): TicketSummaryView {
  return {
    id: row.id,
    number: String(row.number),
    name: row.name,
    topicCode: row.topicCode,
    topicName: names.topic.get(row.topicCode) ?? null,
    subtypeCode: row.subtypeCode,
    subtypeName: names.subtype.get(row.subtypeCode) ?? null,
    channelCode: row.channelCode,
    status: row.status,
    statusCode: STATUS_CODES[row.status],
    createdAt: iso(row.createdAt),
    lastActivityAt: iso(row.lastActivityAt),
    unreadForCustomer: !!row.lastStaffReplyAt && (!row.customerSeenAt || row.lastStaffReplyAt > row.customerSeenAt),
    canCancel: mayAct("customer", "cancel", row.status),
    canComment: customerMayComment(row.status),
  };
}

export function subjectOf(row: TicketRow): SubjectView | null {
  return row.subjectKind && row.subjectId ? { kind: row.subjectKind, id: row.subjectId, label: row.subjectLabel ?? "" } : null;
}

export const requestOf = (row: TicketRow) => (row.request ?? null) as StructuredRequest | null;

// ── Reading ─────────────────────────────────────────────────────────────────────────────────────

export async function listCustomerTickets(site: ReferenceSite, customerId: string, locale: string): Promise<TicketSummaryView[]> {
  const db = await getDb();
  const [rows, names] = await Promise.all([
    db
      .select()
      .from(supportTickets)
      .where(and(eq(supportTickets.siteId, site.id), eq(supportTickets.customerId, customerId)))
      .orderBy(desc(supportTickets.lastActivityAt), desc(supportTickets.number)),
    referenceNames(site, locale, db),
  ]);
  return rows.map((r) => summaryView(r, names));
}

/** Whether the ticket is the customer's (checked before a request body is read: a foreign id is 404 whatever the body). */
export async function customerTicketExists(siteId: string, customerId: string, ticketId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(and(eq(supportTickets.siteId, siteId), eq(supportTickets.customerId, customerId), eq(supportTickets.id, ticketId)));
  return !!row;
}

async function customerTicketRow(q: Db | Tx, siteId: string, customerId: string, ticketId: string, lock = false): Promise<TicketRow> {
  const query = q
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.siteId, siteId), eq(supportTickets.customerId, customerId), eq(supportTickets.id, ticketId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("support.errors.not-found");
  return row;
}

/**
 * A ticket as its customer sees it: the public comments only, never internal notes. Opening it
 * as the customer (`markSeen`) clears the unread mark.
 */
export async function getCustomerTicket(site: ReferenceSite, customerId: string, ticketId: string, locale: string, opts: { markSeen?: boolean } = {}): Promise<TicketDetailView> {
  const db = await getDb();
  let row = await customerTicketRow(db, site.id, customerId, ticketId);
  if (opts.markSeen) {
    const [seen] = await db
      .update(supportTickets)
      .set({ customerSeenAt: sql`now()` })
      .where(and(eq(supportTickets.siteId, site.id), eq(supportTickets.customerId, customerId), eq(supportTickets.id, ticketId)))
      .returning();
    if (seen) row = seen;
  }
  const [names, comments, attachments] = await Promise.all([
    referenceNames(site, locale, db),
    db
      .select()
      .from(supportComments)
      .where(and(eq(supportComments.siteId, site.id), eq(supportComments.ticketId, ticketId), eq(supportComments.internal, false)))
      .orderBy(asc(supportComments.createdAt), asc(supportComments.id)),
    ticketAttachments(db, site.id, ticketId),
  ]);
  return {
    ...summaryView(row, names),
    message: row.message,
    subject: subjectOf(row),
    request: requestOf(row),
    attachments: attachments.get(null) ?? [],
    comments: comments.map((c): CommentView => ({
      id: c.id,
      author: { kind: c.authorKind, name: c.authorKind === "staff" ? firstName(c.authorName) : c.authorName },
      body: c.body,
      createdAt: iso(c.createdAt),
      attachments: attachments.get(c.id) ?? [],
    })),
  };
}

// ── What a ticket is about ──────────────────────────────────────────────────────────────────────

/** One of the customer's contracts, usage points or invoices, with the label shown for it; null when it is not theirs. */
export async function resolveSubject(siteId: string, customerId: string, kind: TicketSubjectKind, id: string): Promise<SubjectView | null> {
  const db = await getDb();
  if (kind === "usage-point") {
    const [p] = await db
      .select({ street: meteringPoints.street, city: meteringPoints.city, gsrn: meteringPoints.gsrn })
      .from(meteringPoints)
      .where(and(eq(meteringPoints.siteId, siteId), eq(meteringPoints.customerId, customerId), eq(meteringPoints.id, id)));
    return p ? { kind, id, label: `${p.street}, ${p.city} (${p.gsrn})` } : null;
  }
  if (kind === "contract") {
    const [c] = await db
      .select({ product: energyContracts.productName, street: meteringPoints.street, city: meteringPoints.city })
      .from(energyContracts)
      .innerJoin(meteringPoints, and(eq(meteringPoints.id, energyContracts.meteringPointId), eq(meteringPoints.siteId, siteId)))
      .where(and(eq(energyContracts.siteId, siteId), eq(energyContracts.customerId, customerId), eq(energyContracts.id, id)));
    return c ? { kind, id, label: `${c.product}, ${c.street}, ${c.city}` } : null;
  }
  const [inv] = await db
    .select({ number: invoices.invoiceNumber })
    .from(invoices)
    .where(and(eq(invoices.siteId, siteId), eq(invoices.customerId, customerId), eq(invoices.id, id)));
  return inv ? { kind, id, label: inv.number } : null;
}

/** How many of the newest invoices a ticket may be opened about from the form. */
const SUBJECT_INVOICES = 24;

/**
 * What the customer may open a ticket about: their usage points, contracts and newest invoices,
 * with the same labels a ticket shows for them.
 */
export async function listTicketSubjects(siteId: string, customerId: string): Promise<SubjectView[]> {
  const db = await getDb();
  const [points, contracts, invoiceRows] = await Promise.all([
    db
      .select({ id: meteringPoints.id, street: meteringPoints.street, city: meteringPoints.city, gsrn: meteringPoints.gsrn })
      .from(meteringPoints)
      .where(and(eq(meteringPoints.siteId, siteId), eq(meteringPoints.customerId, customerId)))
      .orderBy(asc(meteringPoints.street), asc(meteringPoints.gsrn)),
    db
      .select({ id: energyContracts.id, product: energyContracts.productName, street: meteringPoints.street, city: meteringPoints.city })
      .from(energyContracts)
      .innerJoin(meteringPoints, and(eq(meteringPoints.id, energyContracts.meteringPointId), eq(meteringPoints.siteId, siteId)))
      .where(and(eq(energyContracts.siteId, siteId), eq(energyContracts.customerId, customerId)))
      .orderBy(desc(energyContracts.validFrom), asc(energyContracts.id)),
    db
      .select({ id: invoices.id, number: invoices.invoiceNumber })
      .from(invoices)
      .where(and(eq(invoices.siteId, siteId), eq(invoices.customerId, customerId)))
      .orderBy(desc(invoices.issueDate), desc(invoices.invoiceNumber))
      .limit(SUBJECT_INVOICES),
  ]);
  return [
    ...points.map((p): SubjectView => ({ kind: "usage-point", id: p.id, label: `${p.street}, ${p.city} (${p.gsrn})` })),
    ...contracts.map((c): SubjectView => ({ kind: "contract", id: c.id, label: `${c.product}, ${c.street}, ${c.city}` })),
    ...invoiceRows.map((i): SubjectView => ({ kind: "invoice", id: i.id, label: i.number })),
  ];
}

// ── Opening a ticket ────────────────────────────────────────────────────────────────────────────

export interface NewTicket {
  name: string;
  message: string;
  subtypeCode: string;
  topicCode?: string;
  channelCode?: string;
  subject?: { kind: TicketSubjectKind; id: string };
  attachmentIds?: string[];
}

export interface CustomerContext {
  site: SupportSite;
  customerId: string;
  actor: Actor;
}

/** The codes and subject of a new ticket, checked against the site's lists and the customer's own data (422 with every problem). */
async function checkNewTicket(siteId: string, customerId: string, input: NewTicket) {
  const fields: FieldError[] = [];
  const subtype = await findSubtype(siteId, input.subtypeCode);
  if (!subtype) fields.push({ path: "subtypeCode", code: "invalid_value", message: "support.errors.unknown-subtype" });
  if (input.topicCode !== undefined) {
    if (!(await topicExists(siteId, input.topicCode))) fields.push({ path: "topicCode", code: "invalid_value", message: "support.errors.unknown-topic" });
    else if (subtype && subtype.topicCode !== input.topicCode) fields.push({ path: "subtypeCode", code: "invalid_value", message: "support.errors.subtype-not-in-topic" });
  }
  if (input.channelCode !== undefined && !(await channelExists(siteId, input.channelCode))) {
    fields.push({ path: "channelCode", code: "invalid_value", message: "support.errors.unknown-channel" });
  }
  let subject: SubjectView | null = null;
  if (input.subject) {
    subject = await resolveSubject(siteId, customerId, input.subject.kind, input.subject.id);
    if (!subject) fields.push({ path: "subject.id", code: "invalid_value", message: "support.errors.unknown-subject" });
  }
  if (fields.length) throw validationError(fields);
  return { topicCode: subtype!.topicCode, subtypeCode: subtype!.code, channelCode: input.channelCode ?? null, subject };
}

export interface TicketFields {
  name: string;
  message: string;
  topicCode: string;
  subtypeCode: string;
  channelCode: string | null;
  subject: SubjectView | null;
  request: StructuredRequest | null;
}

/**
 * Stores a new ticket with its "created" event and links its attachments, in one transaction.
 * The number is the site's next; two tickets taking the same one at once make the later retry.
 */
export async function insertTicket(ctx: CustomerContext, fields: TicketFields, attachmentIds: string[] | undefined): Promise<string> {
  const db = await getDb();
  const { site, customerId, actor } = ctx;
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [ticket] = await tx
          .insert(supportTickets)
          .values({
            siteId: site.id,
            customerId,
            number: sql`(select coalesce(max(t.number), 100000) + 1 from support_tickets t where t.site_id = ${site.id})`,
            name: fields.name,
            message: fields.message,
            topicCode: fields.topicCode,
            subtypeCode: fields.subtypeCode,
            channelCode: fields.channelCode,
            subjectKind: fields.subject?.kind ?? null,
            subjectId: fields.subject?.id ?? null,
            subjectLabel: fields.subject?.label ?? null,
            request: fields.request as Record<string, unknown> | null,
            status: "OPEN",
            createdByPersonId: actor.personId,
            createdByKind: actor.kind,
          })
          .returning({ id: supportTickets.id });
        await tx.insert(supportTicketEvents).values({
          siteId: site.id,
          ticketId: ticket.id,
          kind: "created",
          toStatus: "OPEN",
          actorKind: actor.kind,
          actorPersonId: actor.personId,
          actorName: actor.name,
          createdAt: clock(),
        });
        await linkAttachments(tx, site.id, { customerId }, attachmentIds, ticket.id, null);
        return ticket.id;
      });
    } catch (err) {
      if (attempt < 5 && pgCode(err) === "23505") continue;
      throw err;
    }
  }
}

/** Opens a ticket for the customer (spec §5: name, subtypeCode and message required). */
export async function createTicket(ctx: CustomerContext, input: NewTicket): Promise<string> {
  const checked = await checkNewTicket(ctx.site.id, ctx.customerId, input);
  return insertTicket(ctx, { name: input.name, message: input.message, ...checked, request: null }, input.attachmentIds);
}

// ── Changes ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Moves a ticket to `to` and records the event, in the caller's transaction. `assignee`:
 * undefined keeps the assignee, null removes it. Closing sets closed_at; anything else clears it.
 */
export async function moveTicket(
  tx: Tx,
  row: TicketRow,
  actor: Actor,
  change: { to: TicketStatus; assignee?: { id: string; name: string } | null; kind: "status" | "assignment" },
): Promise<TicketRow> {
  const closed = change.to === "RESOLVED" || change.to === "CANCELLED";
  const statusChanged = change.to !== row.status;
  const [updated] = await tx
    .update(supportTickets)
    .set({
      status: change.to,
      ...(change.assignee !== undefined ? { assigneePersonId: change.assignee?.id ?? null } : {}),
      closedAt: closed ? (statusChanged ? sql`now()` : row.closedAt) : null,
      ...(statusChanged ? { lastActivityAt: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(supportTickets.siteId, row.siteId), eq(supportTickets.id, row.id)))
    .returning();
  await tx.insert(supportTicketEvents).values({
    siteId: row.siteId,
    ticketId: row.id,
    kind: change.kind,
    fromStatus: row.status,
    toStatus: change.to,
    assigneePersonId: change.assignee === undefined ? null : (change.assignee?.id ?? null),
    assigneeName: change.assignee === undefined ? null : (change.assignee?.name ?? null),
    actorKind: actor.kind,
    actorPersonId: actor.personId,
    actorName: actor.name,
    createdAt: clock(),
  });
  return updated;
}

export interface CommentInput {
  body: string;
  internal: boolean;
  attachmentIds?: string[];
}

/**
 * Adds a comment in the caller's transaction and updates the ticket: a customer's comment on a
 * RESOLVED ticket reopens it (to its assignee, or the queue); a public reply of customer service
 * sets the first response time. Internal notes change nothing the customer sees.
 */
export async function writeComment(tx: Tx, row: TicketRow, actor: Actor, input: CommentInput, owner: AttachmentOwner): Promise<{ commentId: string; row: TicketRow }> {
  if (input.internal && actor.kind !== "staff") throw new AppError("forbidden", "api.errors.forbidden");
  if (actor.kind === "customer" && !customerMayComment(row.status)) throw new AppError("conflict", "support.errors.ticket-cancelled");
  const [comment] = await tx
    .insert(supportComments)
    .values({
      siteId: row.siteId,
      ticketId: row.id,
      authorKind: actor.kind,
      authorPersonId: actor.personId,
      authorName: actor.name,
      internal: input.internal,
      body: input.body,
      createdAt: clock(),
    })
    .returning({ id: supportComments.id });
  await linkAttachments(tx, row.siteId, owner, input.attachmentIds, row.id, comment.id);
  let current = row;
  if (actor.kind === "customer" && row.status === "RESOLVED") {
    const to: TicketStatus = row.assigneePersonId ? "ASSIGNED" : "OPEN";
    if (!findRule("customer", row.status, to, "reply")) throw new AppError("conflict", "support.errors.invalid-transition");
    current = await moveTicket(tx, row, actor, { to, kind: "status" });
  }
  if (!input.internal) {
    const staff = actor.kind === "staff";
    const [updated] = await tx
      .update(supportTickets)
      .set({
        lastActivityAt: sql`now()`,
        updatedAt: sql`now()`,
        ...(staff ? { lastStaffReplyAt: sql`now()`, firstResponseAt: sql`coalesce(${supportTickets.firstResponseAt}, now())` } : { lastCustomerMessageAt: sql`now()`, customerSeenAt: sql`now()` }),
      })
      .where(and(eq(supportTickets.siteId, row.siteId), eq(supportTickets.id, row.id)))
      .returning();
    current = updated;
  }
  return { commentId: comment.id, row: current };
}

/** A comment on the customer's own ticket (or, in customer-service mode, a public reply of customer service). */
export async function addCustomerComment(ctx: CustomerContext, ticketId: string, input: { body: string; attachmentIds?: string[] }): Promise<{ commentId: string; row: TicketRow }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await customerTicketRow(tx, ctx.site.id, ctx.customerId, ticketId, true);
    return writeComment(tx, row, ctx.actor, { body: input.body, internal: false, attachmentIds: input.attachmentIds }, { customerId: ctx.customerId });
  });
}

/** The customer withdraws an OPEN or ASSIGNED ticket (409 in any other status). */
export async function cancelCustomerTicket(ctx: CustomerContext, ticketId: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await customerTicketRow(tx, ctx.site.id, ctx.customerId, ticketId, true);
    if (!findRule(ctx.actor.kind, row.status, "CANCELLED", "cancel")) throw new AppError("conflict", "support.errors.invalid-transition");
    await moveTicket(tx, row, ctx.actor, { to: "CANCELLED", kind: "status" });
  });
}
