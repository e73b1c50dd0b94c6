import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoSupportIds } from "@/server/demo/support-seeder";
import { supportExportSection } from "./export";
import { personaCustomer, staffPerson, supportTestDatabase } from "./testing";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await supportTestDatabase());
}, 120_000);
afterAll(async () => cleanup());

describe("the support section of the customer's data export", () => {
  it("holds the customer's own tickets with public comments, history and attachment names, never internal notes", async () => {
    const customer = personaCustomer("aurora", "solar-household");
    const section = (await supportExportSection.collect({ site: { id: "aurora" }, customerId: customer.id }))!;
    expect(section.map((t) => t.status)).toEqual(["RESOLVED", "ASSIGNED", "OPEN"]);
    const invoice = section.find((t) => t.status === "ASSIGNED")!;
    expect(invoice.comments.map((c) => c.author)).toEqual([
      { kind: "staff", name: staffPerson("aurora").firstName },
      { kind: "customer", name: `${customer.owner!.firstName} ${customer.owner!.lastName}` },
    ]);
    const text = JSON.stringify(section);
    expect(text).not.toContain("pakkasviikolla, lukemat kunnossa");
    expect(text).not.toContain(staffPerson("aurora").lastName);
    expect(text).not.toContain(demoSupportIds("aurora").tickets["move-out"].id);
    expect(section.find((t) => t.status === "OPEN")!.attachments).toEqual([{ fileName: "mittari.png", contentType: "image/png", size: expect.any(Number) }]);
    expect(invoice.history.map((h) => h.kind)).toEqual(["created"]);
  });

  it("is left out for a customer without tickets", async () => {
    expect(await supportExportSection.collect({ site: { id: "aurora" }, customerId: personaCustomer("aurora", "new-customer").id })).toBeUndefined();
    // Another site's customer id finds nothing on this site.
    expect(await supportExportSection.collect({ site: { id: "laane" }, customerId: personaCustomer("aurora", "solar-household").id })).toBeUndefined();
  });
});
