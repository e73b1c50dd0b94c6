import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { SEEDERS } from "@/server/demo/seed";
import { getDb } from "@/server/db/client";
import { energyContracts, inboxMessages, payments } from "@/server/db/schema";
import { createTestInvoice, createTestMeteringPoint } from "@/server/invoices/test-fixtures";
import { applyProviderStatus } from "@/server/payments/core";
import { queueReplyMail } from "@/server/support/mail";
import { customerOf } from "@/server/settings/testing";
import { getSiteById } from "@/server/sites/sites";
import { announceEndingContracts, announceInvoices } from "./hooks";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => ["sites, people and customers", "settings"].includes(s.name)) }));
}, 120_000);
afterAll(async () => cleanup());

/** The customer's inbox entries of a subject, waited for (the event job writes them). */
async function inboxOf(customerId: string, subject: string, count = 1) {
  const db = await getDb();
  for (let i = 0; i < 100; i++) {
    const rows = await db
      .select()
      .from(inboxMessages)
      .where(and(eq(inboxMessages.customerId, customerId), eq(inboxMessages.subject, subject)));
    if (rows.length >= count) return rows;
    await new Promise((r) => setTimeout(r, 100));
  }
  return [];
}

describe("events of other areas reach the inbox through the event job", () => {
  it("announces an issued invoice and one due soon, once each however often the scan runs", async () => {
    const c = customerOf("aurora", "solar-household");
    const today = new Date().toISOString().slice(0, 10);
    const invoice = await createTestInvoice({ siteId: "aurora", customerId: c.id, dueInDays: 2, issueDate: today });
    await announceInvoices();
    await announceInvoices();
    const issued = await inboxOf(c.id, "invoice-issued");
    expect(issued.map((m) => m.params.invoiceNumber)).toEqual([invoice.invoiceNumber]);
    expect(issued[0].link).toBe(`/invoices/${invoice.invoiceNumber}`);
    const due = await inboxOf(c.id, "invoice-due");
    expect(due).toHaveLength(1);
    expect(due[0].params).toMatchObject({ invoiceNumber: invoice.invoiceNumber, dueDate: invoice.dueDate, amountCents: String(invoice.totalCents) });
    await new Promise((r) => setTimeout(r, 500));
    expect(await inboxOf(c.id, "invoice-issued")).toHaveLength(1);
  });

  it("announces a payment that succeeded, once across repeated reports", async () => {
    const c = customerOf("laane", "solar-household");
    const invoice = await createTestInvoice({ siteId: "laane", customerId: c.id, dueInDays: 10 });
    const db = await getDb();
    const [payment] = await db
      .insert(payments)
      .values({ siteId: "laane", customerId: c.id, invoiceId: invoice.id, provider: "everypay", method: "card", amountCents: invoice.totalCents, currency: "EUR", status: "pending" })
      .returning();
    await applyProviderStatus("laane", payment.id, "succeeded");
    await applyProviderStatus("laane", payment.id, "succeeded");
    const rows = await inboxOf(c.id, "payment-received");
    expect(rows).toHaveLength(1);
    expect(rows[0].params).toMatchObject({ invoiceNumber: invoice.invoiceNumber, amountCents: String(invoice.totalCents) });
  });

  it("announces a contract ending within 30 days, and a ticket reply", async () => {
    const c = customerOf("daugava", "solar-household");
    const point = await createTestMeteringPoint("daugava", c.id);
    const db = await getDb();
    const end = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const later = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    await db.insert(energyContracts).values([
      { siteId: "daugava", customerId: c.id, meteringPointId: point.id, productName: "Fiksētā 12", priceModel: "Fixed", validFrom: "2025-01-01", validTo: end },
      { siteId: "daugava", customerId: c.id, meteringPointId: point.id, productName: "Later", priceModel: "Fixed", validFrom: "2025-01-01", validTo: later },
    ]);
    expect(await announceEndingContracts()).toBeGreaterThanOrEqual(1);
    const rows = await inboxOf(c.id, "contract-ending");
    expect(rows.map((r) => r.params)).toEqual([{ productName: "Fiksētā 12", endDate: end }]);

    const site = (await getSiteById("daugava"))!;
    const ticketId = "00000000-0000-4000-8000-00000000abcd";
    await queueReplyMail({ site, ticket: { id: ticketId, number: 42, name: "Skaitītājs", customerId: c.id }, commentId: "00000000-0000-4000-8000-00000000c001", origin: "http://daugava.localhost" });
    const replies = await inboxOf(c.id, "ticket-answered");
    expect(replies[0]).toMatchObject({ link: `/support/${ticketId}`, params: { ticketNumber: "42", ticketName: "Skaitītājs" } });
  });
});
