import "server-only";
import type { SupportActorKind, TicketStatusValue, TicketSubjectKind } from "@/server/db/schema";

/** The shapes the support services answer with; the API's schemas (src/api/schemas/support.ts) describe the same. */

export type TicketStatus = TicketStatusValue;
export const STATUS_CODES = { OPEN: "TS1", ASSIGNED: "TS2", CANCELLED: "TS3", RESOLVED: "TS4" } as const satisfies Record<TicketStatus, string>;

/** Who does something: the customer's person, or customer service (at the desk or in the customer's account). */
export interface Actor {
  kind: SupportActorKind;
  personId: string;
  name: string;
}

/** What the content of an attachment may be; checked by content (src/server/support/attachments.ts). */
export const ATTACHMENT_CONTENT_TYPES = ["image/png", "image/jpeg", "image/webp", "application/pdf"] as const;
export type AttachmentContentType = (typeof ATTACHMENT_CONTENT_TYPES)[number];

export interface AttachmentView {
  id: string;
  fileName: string;
  contentType: AttachmentContentType;
  size: number;
  url: string;
}

export interface SubjectView {
  kind: TicketSubjectKind;
  id: string;
  label: string;
}

export interface TicketSummaryView {
  id: string;
  number: string;
  name: string;
  topicCode: string;
  topicName: string | null;
  subtypeCode: string;
  subtypeName: string | null;
  channelCode: string | null;
  status: TicketStatus;
  statusCode: (typeof STATUS_CODES)[TicketStatus];
  createdAt: string;
  lastActivityAt: string;
  unreadForCustomer: boolean;
  canCancel: boolean;
  canComment: boolean;
}

export interface CommentView {
  id: string;
  author: { kind: SupportActorKind; name: string };
  body: string;
  createdAt: string;
  attachments: AttachmentView[];
}

export interface TicketDetailView extends TicketSummaryView {
  message: string;
  subject: SubjectView | null;
  request: StructuredRequest | null;
  attachments: AttachmentView[];
  comments: CommentView[];
}

export interface StaffRefView {
  id: string;
  name: string;
}

export interface DeskTicketSummaryView extends Omit<TicketSummaryView, "unreadForCustomer" | "canCancel" | "canComment"> {
  customer: { id: string; name: string; clientCode: string; kind: "private" | "legal" };
  assignee: StaffRefView | null;
  firstResponseAt: string | null;
  firstResponseSeconds: number | null;
  awaitingStaff: boolean;
}

export interface DeskCommentView extends Omit<CommentView, "author"> {
  author: { kind: SupportActorKind; id: string | null; name: string };
  internal: boolean;
}

export interface TicketEventView {
  id: string;
  kind: "created" | "status" | "assignment";
  fromStatus: TicketStatus | null;
  toStatus: TicketStatus | null;
  assignee: StaffRefView | null;
  actor: { kind: SupportActorKind; id: string | null; name: string };
  createdAt: string;
}

export interface DeskTicketDetailView extends DeskTicketSummaryView {
  message: string;
  subject: SubjectView | null;
  request: StructuredRequest | null;
  attachments: AttachmentView[];
  comments: DeskCommentView[];
  history: TicketEventView[];
  allowedStatuses: TicketStatus[];
  customerContact: { email: string | null; phone: string | null; locale: string | null };
}

/** The structured requests of POST /api/support/send (support.advanced), as validated by the API. */
export type StructuredRequest =
  | { kind: "meter-reading"; usagePointId: string; reading: number; readAt: string; message?: string }
  | { kind: "payer-change"; contractId: string; newPayerName: string; newPayerCode: string; newPayerEmail: string; startDate: string; message?: string }
  | { kind: "invoice-question"; invoiceNumber: string; question: string };
