import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import { customerContacts, customers, inboxMessages, invoices, notificationOutbox, notificationSettings } from "@/server/db/schema";
import type { Seeder } from "@/server/demo/seeder";
import { SUBJECTS } from "./subjects";

/**
 * Demo notifications: each customer's inbox holds what their latest invoices told them (issued,
 * and paid where they are), the older ones read; the personas have chosen channels for invoices
 * and the spot-price alert. Runs after the invoice and settings seeders.
 */
export const notificationsSeeder: Seeder = {
  name: "notifications",
  async run({ db, plans }) {
    for (const plan of plans) {
      const siteId = plan.site.id;
      const customerIds = plan.customers.filter((c) => c.owner).map((c) => c.id);
      if (!customerIds.length) continue;
      const rows = await db
        .select({
          customerId: invoices.customerId,
          invoiceNumber: invoices.invoiceNumber,
          issueDate: invoices.issueDate,
          dueDate: invoices.dueDate,
          totalCents: invoices.totalCents,
          currency: invoices.currency,
          paidAt: invoices.paidAt,
        })
        .from(invoices)
        .where(and(eq(invoices.siteId, siteId), inArray(invoices.customerId, customerIds)))
        .orderBy(desc(invoices.issueDate));
      const messages: (typeof inboxMessages.$inferInsert)[] = [];
      for (const customerId of customerIds) {
        const latest = rows.filter((r) => r.customerId === customerId).slice(0, 3);
        latest.forEach((inv, i) => {
          const params = { invoiceNumber: inv.invoiceNumber, amountCents: String(inv.totalCents), currency: inv.currency, dueDate: inv.dueDate };
          const issuedAt = new Date(`${inv.issueDate}T07:00:00Z`);
          messages.push({
            siteId,
            customerId,
            subject: "invoice-issued",
            eventKey: `invoice-issued:${inv.invoiceNumber}`,
            params,
            link: SUBJECTS["invoice-issued"].link(params),
            createdAt: issuedAt,
            readAt: i === 0 ? null : issuedAt,
          });
          if (inv.paidAt) {
            const paid = { invoiceNumber: inv.invoiceNumber, amountCents: String(inv.totalCents), currency: inv.currency };
            messages.push({
              siteId,
              customerId,
              subject: "payment-received",
              eventKey: `payment-received:demo-${inv.invoiceNumber}`,
              params: paid,
              link: SUBJECTS["payment-received"].link(paid),
              createdAt: inv.paidAt,
              readAt: inv.paidAt,
            });
          }
        });
      }
      for (let i = 0; i < messages.length; i += 500)
        await db
          .insert(inboxMessages)
          .values(messages.slice(i, i + 500))
          .onConflictDoNothing();

      // A few customers get their invoices on paper too: the letters customer service sees queued for the print service.
      const postal = await db
        .select({ id: customers.id, name: customers.name, street: customers.street, postalCode: customers.postalCode, city: customers.city, locale: customers.locale })
        .from(customers)
        .where(and(eq(customers.siteId, siteId), inArray(customers.id, customerIds)))
        .orderBy(customers.clientCode)
        .limit(40);
      const letters: (typeof notificationOutbox.$inferInsert)[] = [];
      for (const c of postal.filter((p) => p.street && p.postalCode && p.city).slice(0, 3)) {
        const inv = rows.find((r) => r.customerId === c.id);
        if (!inv) continue;
        const params = { invoiceNumber: inv.invoiceNumber, amountCents: String(inv.totalCents), currency: inv.currency, dueDate: inv.dueDate };
        const recipient = `${c.name}, ${c.street}, ${c.postalCode} ${c.city}`;
        const handedOver = letters.length > 0;
        letters.push({
          siteId,
          customerId: c.id,
          subject: "invoice-issued",
          eventKey: `invoice-issued:${inv.invoiceNumber}`,
          channel: "Post",
          recipient,
          idempotencyKey: `${c.id}:invoice-issued:${inv.invoiceNumber}:Post:${recipient}`,
          locale: c.locale && plan.site.locales.includes(c.locale) ? c.locale : plan.site.defaultLocaleId,
          params,
          link: SUBJECTS["invoice-issued"].link(params),
          status: handedOver ? "sent" : "pending",
          attempts: handedOver ? 1 : 0,
          sentAt: handedOver ? new Date(`${inv.issueDate}T09:00:00Z`) : null,
          createdAt: new Date(`${inv.issueDate}T07:00:00Z`),
        });
      }
      if (letters.length) await db.insert(notificationOutbox).values(letters).onConflictDoNothing();

      const personas = plan.customers.filter((c) => c.owner?.persona && c.kind === "private").map((c) => c.id);
      if (!personas.length) continue;
      const emails = await db
        .select({ id: customerContacts.id, customerId: customerContacts.customerId })
        .from(customerContacts)
        .where(and(eq(customerContacts.siteId, siteId), inArray(customerContacts.customerId, personas), eq(customerContacts.type, "Email"), eq(customerContacts.isPrimary, true)));
      const settings = personas.flatMap((customerId) => {
        const email = emails.find((e) => e.customerId === customerId);
        return [
          { siteId, customerId, subject: "invoice-issued", channels: ["Email" as const], contactIds: email ? [email.id] : [], timing: "Always" as const },
          { siteId, customerId, subject: "payment-received", channels: ["None" as const], contactIds: [], timing: "Always" as const },
        ];
      });
      await db.insert(notificationSettings).values(settings).onConflictDoNothing();
    }
  },
};
