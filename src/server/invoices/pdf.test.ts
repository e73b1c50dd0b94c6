import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/db";
import { demoPlans, SEEDERS } from "@/server/demo/seed";
import { getSiteById } from "@/server/sites/sites";
import { upsertBillingProfile } from "./billing-profile";
import { createTestInvoice } from "./test-fixtures";
import { getInvoiceDetail } from "./invoices";
import { renderInvoicePdf } from "./pdf";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => s.name === "sites, people and customers") }));
});
afterAll(async () => cleanup());

/** The PDF's text as a reader (or a screen reader) gets it. */
function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "invoice-pdf-"));
  try {
    const file = path.join(dir, "invoice.pdf");
    fs.writeFileSync(file, pdf);
    return execFileSync("/usr/bin/pdftotext", [file, "-"]).toString().replace(/\s+/g, " ");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("the invoice PDF", () => {
  it.each(["aurora", "laane", "daugava"])(
    "of site %s names the site, never its theme",
    async (siteId) => {
      const site = (await getSiteById(siteId))!;
      await upsertBillingProfile(siteId, { legalName: site.companyName });
      const customer = demoPlans()
        .find((p) => p.site.id === siteId)!
        .customers.find((c) => c.kind === "private")!;
      const row = await createTestInvoice({ siteId, customerId: customer.id });
      const detail = await getInvoiceDetail({ site, customerId: customer.id, invoiceNumber: row.invoiceNumber });
      const pdf = await renderInvoicePdf(detail, { companyName: site.companyName, themeId: site.themeId, locale: site.defaultLocaleId, timeZone: site.timezone });
      const text = pdfText(pdf);
      expect(text).toContain(site.companyName);
      for (const name of ["Voima", "Viru EV", "Ignitis"]) expect(text).not.toContain(name);
      // The document's properties name the site too.
      const raw = pdf.toString("latin1");
      for (const name of ["Voima", "Viru EV", "Ignitis"]) expect(raw).not.toContain(name);
    },
    60_000,
  );
});
