import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import { customerContacts, inboxMessages, invoices, notificationSettings } from "@/server/db/schema";
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
