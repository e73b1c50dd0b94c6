import "server-only";
import type { NotificationChannel } from "@/server/db/schema";
import { NOTIFICATION_SUBJECTS, type NotificationSubject } from "@/lib/notifications";

export { NOTIFICATION_SUBJECTS, type NotificationSubject };

export interface SubjectDefinition {
  id: NotificationSubject;
  /** The channels a customer may choose for the subject (None is always allowed). */
  channels: Exclude<NotificationChannel, "None">[];
  /** What a customer who has not chosen gets besides the inbox. */
  defaultChannels: NotificationChannel[];
  /** Where the message leads in the portal, from the event's values. */
  link: (params: Record<string, string>) => string | null;
}

const ALL: Exclude<NotificationChannel, "None">[] = ["Email", "Gsm", "Post", "PushNotification"];
const QUICK: Exclude<NotificationChannel, "None">[] = ["Email", "Gsm", "PushNotification"];

/**
 * What the portal tells a customer about. Letters suit what also comes on paper (invoices,
 * contracts, offers); the hourly spot-price alert, a payment and a ticket reply are only worth a
 * quick channel. A subject with no choice of the customer is mailed (and always in the inbox).
 */
export const SUBJECTS: Record<NotificationSubject, SubjectDefinition> = {
  "invoice-issued": { id: "invoice-issued", channels: ALL, defaultChannels: ["Email"], link: (p) => (p.invoiceNumber ? `/invoices/${encodeURIComponent(p.invoiceNumber)}` : "/invoices") },
  "invoice-due": { id: "invoice-due", channels: ALL, defaultChannels: ["Email"], link: (p) => (p.invoiceNumber ? `/invoices/${encodeURIComponent(p.invoiceNumber)}` : "/invoices") },
  "payment-received": { id: "payment-received", channels: QUICK, defaultChannels: ["Email"], link: (p) => (p.invoiceNumber ? `/invoices/${encodeURIComponent(p.invoiceNumber)}` : "/invoices") },
  "spot-price-alert": { id: "spot-price-alert", channels: QUICK, defaultChannels: ["Email"], link: () => "/dashboard" },
  "contract-ending": { id: "contract-ending", channels: ALL, defaultChannels: ["Email"], link: () => "/contracts" },
  // A renewal offer leads to its contract's renewal flow; a personal or campaign offer to the contracts page, where it is signed.
  "offer-available": {
    id: "offer-available",
    channels: ALL,
    defaultChannels: ["Email"],
    link: (p) => (p.contractId && /^[0-9a-f-]{36}$/i.test(p.contractId) ? `/contracts/${p.contractId}/offer` : "/contracts"),
  },
  outage: { id: "outage", channels: QUICK, defaultChannels: ["Email"], link: () => "/outages" },
  // Customer service's reply is always mailed by the support desk (support/mail.ts): a text message or a push can be added.
  "ticket-answered": { id: "ticket-answered", channels: ["Gsm", "PushNotification"], defaultChannels: [], link: (p) => (p.ticketId ? `/support/${encodeURIComponent(p.ticketId)}` : "/support") },
};

export function isSubject(value: string): value is NotificationSubject {
  return (NOTIFICATION_SUBJECTS as readonly string[]).includes(value);
}
