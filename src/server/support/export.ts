import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { supportAttachments, supportComments, supportTicketEvents, supportTickets } from "@/server/db/schema";
import { firstName, iso } from "./tickets";
import { STATUS_CODES } from "./types";

/**
 * The support tickets section of the customer's data export ("my data"): every ticket of the
 * customer with its public comments, status history and attachment names, as the customer sees
 * them in the portal (internal notes of customer service are not the customer's to read; staff
 * appear by first name). It has the shape of an export section of src/server/settings
 * (`{ key, collect }`) and answers undefined when the customer has no tickets.
 */
export const supportExportSection = {
  key: "supportTickets",
  async collect({ site, customerId }: { site: { id: string }; customerId: string }) {
    const db = await getDb();
    const tickets = await db
      .select()
      .from(supportTickets)
      .where(and(eq(supportTickets.siteId, site.id), eq(supportTickets.customerId, customerId)))
      .orderBy(asc(supportTickets.createdAt), asc(supportTickets.number));
    if (!tickets.length) return undefined;
    const ids = tickets.map((t) => t.id);
    const [comments, events, files] = await Promise.all([
      db
        .select()
        .from(supportComments)
        .where(and(eq(supportComments.siteId, site.id), inArray(supportComments.ticketId, ids), eq(supportComments.internal, false)))
        .orderBy(asc(supportComments.createdAt), asc(supportComments.id)),
      db
        .select()
        .from(supportTicketEvents)
        .where(and(eq(supportTicketEvents.siteId, site.id), inArray(supportTicketEvents.ticketId, ids)))
        .orderBy(asc(supportTicketEvents.createdAt), asc(supportTicketEvents.id)),
      db
        .select({
          ticketId: supportAttachments.ticketId,
          commentId: supportAttachments.commentId,
          fileName: supportAttachments.fileName,
          contentType: supportAttachments.contentType,
          size: supportAttachments.size,
        })
        .from(supportAttachments)
        .where(and(eq(supportAttachments.siteId, site.id), inArray(supportAttachments.ticketId, ids))),
    ]);
    const publicComments = new Set(comments.map((c) => c.id));
    const filesOf = (ticketId: string, commentId: string | null) =>
      files.filter((f) => f.ticketId === ticketId && f.commentId === commentId).map(({ fileName, contentType, size }) => ({ fileName, contentType, size }));
    return tickets.map((t) => ({
      number: String(t.number),
      name: t.name,
      topicCode: t.topicCode,
      subtypeCode: t.subtypeCode,
      channelCode: t.channelCode,
      status: t.status,
      statusCode: STATUS_CODES[t.status],
      subject: t.subjectKind ? { kind: t.subjectKind, label: t.subjectLabel } : null,
      request: t.request ?? null,
      message: t.message,
      createdAt: iso(t.createdAt),
      closedAt: t.closedAt ? iso(t.closedAt) : null,
      attachments: filesOf(t.id, null),
      comments: comments
        .filter((c) => c.ticketId === t.id)
        .map((c) => ({
          author: { kind: c.authorKind, name: c.authorKind === "staff" ? firstName(c.authorName) : c.authorName },
          body: c.body,
          createdAt: iso(c.createdAt),
          attachments: publicComments.has(c.id) ? filesOf(t.id, c.id) : [],
        })),
      history: events
        .filter((e) => e.ticketId === t.id && e.kind !== "assignment")
        .map((e) => ({ kind: e.kind, fromStatus: e.fromStatus, toStatus: e.toStatus, by: e.actorKind, at: iso(e.createdAt) })),
    }));
  },
};
