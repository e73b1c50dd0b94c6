import "server-only";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { customers, notificationOutbox, type OutboxStatus } from "@/server/db/schema";
import type { NotificationSubject } from "@/lib/notifications";
import { renderNotification } from "./render";

export const LETTER_STATUSES = ["pending", "sending", "sent", "skipped", "failed"] as const satisfies readonly OutboxStatus[];

export interface LetterView {
  id: string;
  customerName: string;
  clientCode: string;
  /** The postal address as one line. */
  address: string;
  subject: NotificationSubject;
  /** The letter's heading, in the reader's language. */
  title: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export const LETTERS_PAGE_SIZE = 50;

/**
 * The Post-channel letters of a site, newest first: each outbox row of the Post channel is a
 * letter in the print service's queue (sent = handed over). Customer service sees them on the
 * desk; every query is scoped to the site.
 */
export async function listLetters(
  site: { id: string; timezone: string },
  opts: { locale: string; status?: OutboxStatus[]; page?: number },
): Promise<{ letters: LetterView[]; total: number; pageSize: number }> {
  const db = await getDb();
  const where = and(eq(notificationOutbox.siteId, site.id), eq(notificationOutbox.channel, "Post"), opts.status?.length ? inArray(notificationOutbox.status, opts.status) : undefined);
  const page = Math.max(1, opts.page ?? 1);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: notificationOutbox, customerName: customers.name, clientCode: customers.clientCode })
      .from(notificationOutbox)
      .innerJoin(customers, and(eq(customers.siteId, notificationOutbox.siteId), eq(customers.id, notificationOutbox.customerId)))
      .where(where)
      .orderBy(desc(notificationOutbox.createdAt), desc(notificationOutbox.id))
      .limit(LETTERS_PAGE_SIZE)
      .offset((page - 1) * LETTERS_PAGE_SIZE),
    db.select({ n: count() }).from(notificationOutbox).where(where),
  ]);
  return {
    total: Number(total?.n ?? 0),
    pageSize: LETTERS_PAGE_SIZE,
    letters: rows.map(({ row, customerName, clientCode }) => ({
      id: row.id,
      customerName,
      clientCode,
      address: row.recipient,
      subject: row.subject as NotificationSubject,
      title: renderNotification(opts.locale, site.timezone, row.subject as NotificationSubject, row.params).title,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
  };
}
