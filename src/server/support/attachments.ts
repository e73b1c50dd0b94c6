import "server-only";
import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { supportAttachments, supportComments, supportTickets } from "@/server/db/schema";
import { AppError, notFound, validationError } from "@/server/errors";
import { handleJob } from "@/server/jobs/runtime";
import { detectAllowedType, safeFileName } from "@/server/files/uploads";
import { SUPPORT_ATTACHMENT_MAX_BYTES } from "@/lib/request-limits";
import { ATTACHMENT_CONTENT_TYPES, type AttachmentContentType, type AttachmentView } from "./types";

/**
 * Attachments of tickets and comments: images (PNG, JPEG, WebP) and PDF, at most 5 MB, kept in
 * the database. The type is read from the content, never from the name or the declared type.
 * A file is uploaded first (unlinked) and linked when its ticket or comment is sent; files left
 * unlinked for a day are removed by the `support-attachments-cleanup` job.
 */

/** How long an unlinked upload is kept. */
export const UNLINKED_TTL_MS = 24 * 3600_000;

/** Uploads a person may have waiting (not yet linked) at once: enough for a few tickets, not a file store. */
export const UNLINKED_MAX_PER_PERSON = 20;

/** The file is larger than SUPPORT_ATTACHMENT_MAX_BYTES: the API answers 413. */
export class AttachmentTooLargeError extends Error {
  constructor() {
    super("support.errors.file-too-large");
    this.name = "AttachmentTooLargeError";
  }
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Q = Db | Tx;

export const attachmentUrl = (id: string) => `/api/support/attachments/${id}`;

/**
 * A file name safe to keep and to send back: the last path segment, without control and
 * formatting characters, at most 120 characters; a missing name becomes `attachment.<ext>`.
 */
export function cleanFileName(raw: string | undefined, type: AttachmentContentType): string {
  return safeFileName(raw, type, "attachment");
}

export interface UploadOwner {
  siteId: string;
  /** The customer it is uploaded for; null for customer service at the desk. */
  customerId: string | null;
  personId: string;
}

/** Checks and stores an upload. Wrong type or empty: 422 on `file`; too large: AttachmentTooLargeError. */
export async function storeAttachment(owner: UploadOwner, file: { name?: string; bytes: Uint8Array }): Promise<AttachmentView> {
  if (file.bytes.byteLength > SUPPORT_ATTACHMENT_MAX_BYTES) throw new AttachmentTooLargeError();
  if (file.bytes.byteLength === 0) throw validationError([{ path: "file", code: "too_small", message: "support.errors.file-empty" }]);
  const type = await detectAllowedType(file.bytes, ATTACHMENT_CONTENT_TYPES);
  if (!type) throw validationError([{ path: "file", code: "invalid_type", message: "support.errors.file-type" }]);
  if ((await countUnlinked(owner.siteId, owner.personId)) >= UNLINKED_MAX_PER_PERSON) throw new AppError("rate_limited", "support.errors.too-many-uploads");
  const fileName = cleanFileName(file.name, type);
  const db = await getDb();
  const [row] = await db
    .insert(supportAttachments)
    .values({
      siteId: owner.siteId,
      customerId: owner.customerId,
      uploadedByPersonId: owner.personId,
      fileName,
      contentType: type,
      size: file.bytes.byteLength,
      data: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength),
    })
    .returning({ id: supportAttachments.id });
  return { id: row.id, fileName, contentType: type, size: file.bytes.byteLength, url: attachmentUrl(row.id) };
}

export interface AttachmentViewer {
  siteId: string;
  /** The customer the caller acts for, if any. */
  customerId: string | null;
  /** Customer-service staff of the site see every attachment of the site. */
  staff: boolean;
}

/**
 * An attachment's content for a caller allowed to see it: staff of the site, or the customer
 * whose (unlinked) upload it is or whose ticket holds it, except on internal notes. Else 404.
 */
export async function readAttachment(viewer: AttachmentViewer, attachmentId: string): Promise<{ fileName: string; contentType: string; data: Buffer }> {
  const db = await getDb();
  const [row] = await db
    .select({
      fileName: supportAttachments.fileName,
      contentType: supportAttachments.contentType,
      data: supportAttachments.data,
      customerId: supportAttachments.customerId,
      ticketId: supportAttachments.ticketId,
      ticketCustomerId: supportTickets.customerId,
      internal: supportComments.internal,
    })
    .from(supportAttachments)
    .leftJoin(supportTickets, and(eq(supportTickets.id, supportAttachments.ticketId), eq(supportTickets.siteId, viewer.siteId)))
    .leftJoin(supportComments, and(eq(supportComments.id, supportAttachments.commentId), eq(supportComments.siteId, viewer.siteId)))
    .where(and(eq(supportAttachments.siteId, viewer.siteId), eq(supportAttachments.id, attachmentId)));
  if (!row) throw notFound("support.errors.attachment-not-found");
  const mayRead = viewer.staff || (viewer.customerId !== null && (row.ticketId === null ? row.customerId === viewer.customerId : row.ticketCustomerId === viewer.customerId && row.internal !== true));
  if (!mayRead) throw notFound("support.errors.attachment-not-found");
  return { fileName: row.fileName, contentType: row.contentType, data: row.data };
}

/** Attachments of a ticket (without their content), by the comment they belong to (null: the ticket's first message). */
export async function ticketAttachments(q: Q, siteId: string, ticketId: string): Promise<Map<string | null, AttachmentView[]>> {
  const rows = await q
    .select({
      id: supportAttachments.id,
      commentId: supportAttachments.commentId,
      fileName: supportAttachments.fileName,
      contentType: supportAttachments.contentType,
      size: supportAttachments.size,
    })
    .from(supportAttachments)
    .where(and(eq(supportAttachments.siteId, siteId), eq(supportAttachments.ticketId, ticketId)))
    .orderBy(supportAttachments.createdAt, supportAttachments.id);
  const out = new Map<string | null, AttachmentView[]>();
  for (const r of rows) {
    const list = out.get(r.commentId) ?? [];
    list.push({ id: r.id, fileName: r.fileName, contentType: r.contentType as AttachmentContentType, size: r.size, url: attachmentUrl(r.id) });
    out.set(r.commentId, list);
  }
  return out;
}

/** Whose unlinked uploads may be linked: the customer's (uploaded for them) or a staff member's own desk uploads. */
export type AttachmentOwner = { customerId: string } | { staffPersonId: string };

/**
 * Links unlinked uploads to a ticket (and a comment). Every id must be an unlinked upload of the
 * owner on the site, else the whole change is refused (422 on `attachmentIds.<i>`) and, as this
 * runs in the caller's transaction, nothing is stored.
 */
export async function linkAttachments(tx: Q, siteId: string, owner: AttachmentOwner, ids: readonly string[] | undefined, ticketId: string, commentId: string | null) {
  const wanted = [...new Set(ids ?? [])];
  if (!wanted.length) return;
  const ownerWhere =
    "customerId" in owner ? eq(supportAttachments.customerId, owner.customerId) : and(isNull(supportAttachments.customerId), eq(supportAttachments.uploadedByPersonId, owner.staffPersonId));
  const linked = await tx
    .update(supportAttachments)
    .set({ ticketId, commentId })
    .where(and(eq(supportAttachments.siteId, siteId), inArray(supportAttachments.id, wanted), isNull(supportAttachments.ticketId), ownerWhere))
    .returning({ id: supportAttachments.id });
  if (linked.length !== wanted.length) {
    const ok = new Set(linked.map((r) => r.id));
    const bad = (ids ?? []).map((id, i) => [id, i] as const).filter(([id]) => !ok.has(id));
    throw validationError(bad.map(([, i]) => ({ path: `attachmentIds.${i}`, code: "invalid_value", message: "support.errors.unknown-attachment" })));
  }
}

/** Removes uploads never linked to a ticket within UNLINKED_TTL_MS (all sites). */
export async function removeUnlinkedAttachments(opts: { now?: Date; olderThanMs?: number } = {}): Promise<{ removed: number }> {
  const db = await getDb();
  const cutoff = new Date((opts.now ?? new Date()).getTime() - (opts.olderThanMs ?? UNLINKED_TTL_MS));
  const removed = await db
    .delete(supportAttachments)
    .where(and(isNull(supportAttachments.ticketId), lt(supportAttachments.createdAt, cutoff)))
    .returning({ id: supportAttachments.id });
  return { removed: removed.length };
}

/** How many unlinked uploads a person has now. */
async function countUnlinked(siteId: string, personId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportAttachments)
    .where(and(eq(supportAttachments.siteId, siteId), isNull(supportAttachments.ticketId), eq(supportAttachments.uploadedByPersonId, personId)));
  return Number(row?.n ?? 0);
}

handleJob("support-attachments-cleanup", () => removeUnlinkedAttachments());
