import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { SEEDERS } from "@/server/demo/seed";
import { getDb } from "@/server/db/client";
import { outboundMail } from "@/server/db/schema";
import { deliverMail } from "./mailer";
import { startSmtpServer } from "./smtp-server.testing";

/** Mail over SMTP, to a real server on loopback. */
let cleanup: () => Promise<void>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const previous = process.env.SMTP_URL;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => s.name === "sites, people and customers") }));
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
}, 120_000);
afterAll(async () => {
  if (previous === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = previous;
  await cleanup();
  await smtp?.close();
});

describe("mail over SMTP", () => {
  it("sends each message from the site's name, records it, and reuses the connection for the next", async () => {
    const to = (i: number) => `smtp-${i}@example.com`;
    for (let i = 0; i < 5; i++) {
      expect(await deliverMail({ siteId: "aurora", to: to(i), subject: `Message ${i}`, text: `Body ${i}` })).toEqual({ transport: "smtp" });
    }
    expect(smtp.received.map((m) => m.to)).toEqual([0, 1, 2, 3, 4].map((i) => [to(i)]));
    expect(smtp.received[0].raw).toMatch(/^From: "?Aurora Energia Oy"? </m);
    expect(smtp.received[4].raw).toContain("Subject: Message 4");
    // One connection for the five, not one each.
    expect(smtp.connections()).toBe(1);
    const db = await getDb();
    const rows = await db
      .select()
      .from(outboundMail)
      .where(and(eq(outboundMail.siteId, "aurora"), eq(outboundMail.transport, "smtp")));
    expect(rows.map((r) => r.to).sort()).toEqual([0, 1, 2, 3, 4].map(to));
  });

  it("opens a new connection when the server has dropped the one it had", async () => {
    const before = smtp.received.length;
    smtp.dropConnections();
    await new Promise((r) => setTimeout(r, 200));
    await deliverMail({ siteId: "aurora", to: "after-drop@example.com", subject: "Still there", text: "Yes." });
    expect(smtp.received.slice(before).map((m) => m.to)).toEqual([["after-drop@example.com"]]);
    expect(smtp.connections()).toBe(2);
  });
});
