import "server-only";
import { aliasedTable, and, asc, eq, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { authUser, customers, siteStaff, supportComments, supportTicketEvents, supportTickets } from "@/server/db/schema";
import { AppError, notFound, validationError } from "@/server/errors";
import { writeAudit } from "@/server/audit/audit";
import { referenceNames, type NameBook, type ReferenceSite } from "./reference";
import { ticketAttachments } from "./attachments";
import { allowedTargets, findRule } from "./status-rules";
import { iso, moveTicket, requestOf, subjectOf, summaryView, writeComment, type SupportSite, type TicketRow, type Tx } from "./tickets";
import { queueReplyMail } from "./mail";
import type { Actor, DeskCommentView, DeskTicketDetailView, DeskTicketSummaryView, StaffRefView, TicketEventView, TicketStatus } from "./types";

/**
 * The customer-service desk: the site's ticket queue, a ticket with its internal notes and
 * history, assignment, replies and notes, status changes. Staff see their own site's tickets
 * only: every query has the site in its WHERE and another site's ticket is not found. Every
 * change is recorded as a ticket event and in the audit log with the staff member.
 */

export const DESK_PAGE_SIZE = 25;

const assignees = aliasedTable(authUser, "assignee");

type DeskRow = { ticket: TicketRow; customer: { id: string; name: string; clientCode: string; kind: "private" | "legal" }; assigneeName: string | null };

function deskSummary({ ticket, customer, assigneeName }: DeskRow, names: NameBook): DeskTicketSummaryView {
  const { unreadForCustomer: _u, canCancel: _c, canComment: _m, ...base } = summaryView(ticket, names);
  const open = ticket.status === "OPEN" || ticket.status === "ASSIGNED";
  return {
    ...base,
    customer,
    assignee: ticket.assigneePersonId ? { id: ticket.assigneePersonId, name: assigneeName ?? "" } : null,
    firstResponseAt: ticket.firstResponseAt ? iso(ticket.firstResponseAt) : null,
    firstResponseSeconds: ticket.firstResponseAt ? Math.max(0, Math.floor((ticket.firstResponseAt.getTime() - ticket.createdAt.getTime()) / 1000)) : null,
    awaitingStaff: open && (!ticket.lastStaffReplyAt || ticket.lastCustomerMessageAt > ticket.lastStaffReplyAt),
  };
}

const deskColumns = {
  ticket: supportTickets,
  customer: { id: customers.id, name: customers.name, clientCode: customers.clientCode, kind: customers.kind },
  assigneeName: assignees.name,
};

export interface DeskFilters {
  status?: TicketStatus[];
  topicCode?: string;
  /** me, unassigned or a person id. */
  assignee?: string;
  olderThanHours?: number;
  page?: number;
}

/** The site's queue: open work first (oldest first), then closed tickets (newest activity first), 25 a page. */
export async function listDeskTickets(site: ReferenceSite, personId: string, locale: string, filters: DeskFilters) {
  const db = await getDb();
  const where: (SQL | undefined)[] = [eq(supportTickets.siteId, site.id)];
  if (filters.status?.length) where.push(inArray(supportTickets.status, filters.status));
  if (filters.topicCode) where.push(eq(supportTickets.topicCode, filters.topicCode));
  if (filters.assignee === "unassigned") where.push(isNull(supportTickets.assigneePersonId));
  else if (filters.assignee) where.push(eq(supportTickets.assigneePersonId, filters.assignee === "me" ? personId : filters.assignee));
  if (filters.olderThanHours !== undefined) where.push(lte(supportTickets.createdAt, sql`now() - make_interval(hours => ${filters.olderThanHours})`));
  const condition = and(...where);
  const page = filters.page ?? 1;
  const open = sql`${supportTickets.status} in ('OPEN', 'ASSIGNED')`;
  const [rows, [{ total }], names] = await Promise.all([
    db
      .select(deskColumns)
      .from(supportTickets)
      .innerJoin(customers, and(eq(customers.id, supportTickets.customerId), eq(customers.siteId, site.id)))
      .leftJoin(assignees, eq(assignees.id, supportTickets.assigneePersonId))
      .where(condition)
      .orderBy(sql`case when ${open} then 0 else 1 end`, sql`case when ${open} then ${supportTickets.createdAt} end asc`, sql`${supportTickets.lastActivityAt} desc`, asc(supportTickets.number))
      .limit(DESK_PAGE_SIZE)
      .offset((page - 1) * DESK_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(supportTickets)
      .where(condition),
    referenceNames(site, locale, db),
  ]);
  return { tickets: rows.map((r) => deskSummary(r, names)), page, pageSize: DESK_PAGE_SIZE, total: Number(total) };
}

async function deskRow(q: Awaited<ReturnType<typeof getDb>> | Tx, siteId: string, ticketId: string): Promise<DeskRow> {
  const [row] = await q
    .select(deskColumns)
    .from(supportTickets)
    .innerJoin(customers, and(eq(customers.id, supportTickets.customerId), eq(customers.siteId, siteId)))
    .leftJoin(assignees, eq(assignees.id, supportTickets.assigneePersonId))
    .where(and(eq(supportTickets.siteId, siteId), eq(supportTickets.id, ticketId)));
  if (!row) throw notFound("support.errors.not-found");
  return row;
}

/** Whether the ticket is on the site (checked before a request body is read). */
export async function siteTicketExists(siteId: string, ticketId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(and(eq(supportTickets.siteId, siteId), eq(supportTickets.id, ticketId)));
  return !!row;
}

/** A ticket as the desk sees it: every comment (internal notes marked), the history and what may be done next. */
export async function getDeskTicket(site: ReferenceSite, ticketId: string, locale: string): Promise<DeskTicketDetailView> {
  const db = await getDb();
  const row = await deskRow(db, site.id, ticketId);
  const [names, comments, events, attachments, [contact]] = await Promise.all([
    referenceNames(site, locale, db),
    db
      .select()
      .from(supportComments)
      .where(and(eq(supportComments.siteId, site.id), eq(supportComments.ticketId, ticketId)))
      .orderBy(asc(supportComments.createdAt), asc(supportComments.id)),
    db
      .select()
      .from(supportTicketEvents)
      .where(and(eq(supportTicketEvents.siteId, site.id), eq(supportTicketEvents.ticketId, ticketId)))
      .orderBy(asc(supportTicketEvents.createdAt), asc(supportTicketEvents.id)),
    ticketAttachments(db, site.id, ticketId),
    db
      .select({ email: customers.email, phone: customers.phone, locale: customers.locale })
      .from(customers)
      .where(and(eq(customers.siteId, site.id), eq(customers.id, row.customer.id))),
  ]);
  const t = row.ticket;
  return {
    ...deskSummary(row, names),
    message: t.message,
    subject: subjectOf(t),
    request: requestOf(t),
    attachments: attachments.get(null) ?? [],
    comments: comments.map((c): DeskCommentView => ({
      id: c.id,
      author: { kind: c.authorKind, id: c.authorPersonId, name: c.authorName },
      body: c.body,
      internal: c.internal,
      createdAt: iso(c.createdAt),
      attachments: attachments.get(c.id) ?? [],
    })),
    history: events.map((e): TicketEventView => ({
      id: e.id,
      kind: e.kind,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      assignee: e.assigneePersonId || e.assigneeName ? { id: e.assigneePersonId ?? "", name: e.assigneeName ?? "" } : null,
      actor: { kind: e.actorKind, id: e.actorPersonId, name: e.actorName },
      createdAt: iso(e.createdAt),
    })),
    allowedStatuses: allowedTargets("staff", t.status),
    customerContact: contact ?? { email: null, phone: null, locale: null },
  };
}

/** The site's customer-service people, by name. */
export async function listDeskStaff(siteId: string, personId: string): Promise<(StaffRefView & { isMe: boolean })[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: authUser.id, name: authUser.name })
    .from(siteStaff)
    .innerJoin(authUser, and(eq(authUser.id, siteStaff.personId), eq(authUser.siteId, siteId)))
    .where(and(eq(siteStaff.siteId, siteId), eq(siteStaff.role, "customer_service")))
    .orderBy(asc(authUser.name), asc(authUser.id));
  return rows.map((r) => ({ ...r, isMe: r.id === personId }));
}

/** A customer-service person of the site, or null (inside a transaction, pass it: PGlite has one connection). */
async function staffMember(siteId: string, personId: string, q?: Tx): Promise<StaffRefView | null> {
  const db = q ?? (await getDb());
  const [row] = await db
    .select({ id: authUser.id, name: authUser.name })
    .from(siteStaff)
    .innerJoin(authUser, and(eq(authUser.id, siteStaff.personId), eq(authUser.siteId, siteId)))
    .where(and(eq(siteStaff.siteId, siteId), eq(siteStaff.role, "customer_service"), eq(siteStaff.personId, personId)));
  return row ?? null;
}

async function lockedTicket(tx: Tx, siteId: string, ticketId: string): Promise<TicketRow> {
  const [row] = await tx
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.siteId, siteId), eq(supportTickets.id, ticketId)))
    .for("update");
  if (!row) throw notFound("support.errors.not-found");
  return row;
}

export interface DeskContext {
  site: SupportSite;
  actor: Actor;
  requestId?: string | null;
}

const audit = (ctx: DeskContext, row: TicketRow, action: string, details: Record<string, unknown>) =>
  writeAudit({ siteId: ctx.site.id, actorPersonId: ctx.actor.personId, customerId: row.customerId, action, details: { ticketId: row.id, ...details }, requestId: ctx.requestId ?? null });

/**
 * Assigns a ticket to a customer-service person of the site (the caller or a colleague), or
 * with null back to the queue. Only OPEN and ASSIGNED tickets are assigned (409 otherwise);
 * the same assignee again changes nothing.
 */
export async function assignTicket(ctx: DeskContext, ticketId: string, assigneeId: string | null): Promise<void> {
  const db = await getDb();
  const assignee = assigneeId === null ? null : await staffMember(ctx.site.id, assigneeId);
  if (assigneeId !== null && !assignee) {
    // A foreign ticket is 404 whatever the assignee.
    if (!(await siteTicketExists(ctx.site.id, ticketId))) throw notFound("support.errors.not-found");
    throw validationError([{ path: "assigneeId", code: "invalid_value", message: "support.errors.unknown-assignee" }]);
  }
  const changed = await db.transaction(async (tx) => {
    const row = await lockedTicket(tx, ctx.site.id, ticketId);
    if ((row.assigneePersonId ?? null) === (assignee?.id ?? null) && (row.status === "OPEN" || row.status === "ASSIGNED")) return null;
    const to: TicketStatus = assignee ? "ASSIGNED" : "OPEN";
    if (!findRule("staff", row.status, to, assignee ? "assign" : "unassign")) throw new AppError("conflict", "support.errors.invalid-transition");
    await moveTicket(tx, row, ctx.actor, { to, assignee, kind: "assignment" });
    return row;
  });
  if (changed) await audit(ctx, changed, "support:assign", { assigneeId: assignee?.id ?? null, from: changed.assigneePersonId });
}

/**
 * Moves a ticket to a status by the status rules. ASSIGNED from OPEN assigns the caller; a
 * reopened ticket goes back to its assignee (ASSIGNED) or to the queue (OPEN); OPEN clears the
 * assignee. A move the rules do not allow is 409 and changes nothing.
 */
export async function changeTicketStatus(ctx: DeskContext, ticketId: string, to: TicketStatus): Promise<void> {
  const db = await getDb();
  const me = await staffMember(ctx.site.id, ctx.actor.personId);
  const row = await db.transaction(async (tx) => {
    const current = await lockedTicket(tx, ctx.site.id, ticketId);
    const rule = to === current.status ? null : findRule("staff", current.status, to);
    if (!rule) throw new AppError("conflict", "support.errors.invalid-transition");
    let assignee: { id: string; name: string } | null | undefined = undefined;
    if (to === "OPEN") assignee = null;
    else if (to === "ASSIGNED") {
      const kept = current.assigneePersonId ? await staffMember(ctx.site.id, current.assigneePersonId, tx) : null;
      assignee = kept ?? me;
      if (!assignee) throw new AppError("conflict", "support.errors.invalid-transition");
    }
    await moveTicket(tx, current, ctx.actor, { to, assignee, kind: "status" });
    return current;
  });
  await audit(ctx, row, "support:status", { from: row.status, to });
}

/**
 * A reply (the customer sees it and is e-mailed) or an internal note (never shown to the
 * customer). Attachments must be the staff member's own desk uploads.
 */
export async function addDeskComment(ctx: DeskContext & { origin: string }, ticketId: string, input: { body: string; internal: boolean; attachmentIds?: string[] }): Promise<void> {
  const db = await getDb();
  const { commentId, row } = await db.transaction(async (tx) => {
    const current = await lockedTicket(tx, ctx.site.id, ticketId);
    return writeComment(tx, current, ctx.actor, input, { staffPersonId: ctx.actor.personId });
  });
  await audit(ctx, row, input.internal ? "support:note" : "support:reply", { commentId });
  if (!input.internal) await queueReplyMail({ site: ctx.site, ticket: row, commentId, origin: ctx.origin });
}
