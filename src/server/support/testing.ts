import "server-only";
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { useTestDatabase as openTestDatabase } from "@/test/db";
import { ApiClient, httpRequest } from "@/test/api-client";
import { getDb, queryRows } from "@/server/db/client";
import { customers, meteringPoints, outboundMail } from "@/server/db/schema";
import { SEEDERS, demoPlans } from "@/server/demo/seed";
import { supportSeeder } from "@/server/demo/support-seeder";

/** What the support tests share: a database with people and the support demo data, signed-in clients, uploads and sample files. */

export const supportTestDatabase = () => openTestDatabase({ seeders: [SEEDERS[0], supportSeeder] });

let ipSeq = 1;
const clients = new Map<string, ApiClient>();

/** A client signed in on a demo site as one of its personas (kept per test file). */
export async function signedIn(site: string, persona: string): Promise<ApiClient> {
  const key = `${site}-${persona}`;
  if (!clients.has(key)) {
    const api = new ApiClient(`${site}.localhost`, { ip: `10.31.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}` });
    await api.signInSandbox(site, { identityId: key });
    clients.set(key, api);
  }
  return clients.get(key)!;
}

export const demoPlan = (site: string) => demoPlans().find((p) => p.site.id === site)!;
export const personaCustomer = (site: string, persona: string) => demoPlan(site).customers.find((c) => c.kind === "private" && c.owner?.persona === persona)!;
export const staffPerson = (site: string) => demoPlan(site).staff.find((s) => s.role === "customer_service")!.person;

/** Valid files of each allowed type (the smallest the type's magic numbers allow) and some that are not allowed. */
export const SAMPLE_FILES = {
  png: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"),
  jpeg: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from("JFIF\u0000\u0001\u0001\u0000\u0000\u0001\u0000\u0001\u0000\u0000", "latin1"),
    Buffer.alloc(64),
    Buffer.from([0xff, 0xd9]),
  ]),
  webp: Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x24, 0, 0, 0]), Buffer.from("WEBPVP8 "), Buffer.alloc(32)]),
  pdf: Buffer.from("%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n"),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>'),
  html: Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>"),
  text: Buffer.from("just some text, named .png"),
  gif: Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"),
  zip: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
};

/** A multipart/form-data body with one file part (or `parts` as given). */
export function multipart(parts: { name: string; fileName?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----portal${crypto.randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.fileName !== undefined ? `; filename="${p.fileName}"` : ""}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ""}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Sends a body to an API path as the client would (its cookies, same-origin Origin). */
export async function sendBody(client: ApiClient | null, host: string, method: string, path: string, contentType: string | undefined, body: Buffer | string) {
  const headers: Record<string, string> = { host, origin: `http://${host}`, "x-forwarded-for": client?.opts.ip ?? "127.0.0.9" };
  if (client?.cookieHeader()) headers.cookie = client.cookieHeader();
  if (contentType) headers["content-type"] = contentType;
  const res = await httpRequest(method, path, headers, body);
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, headers: res.headers, body: json };
}

/** Uploads one file as an attachment. */
export async function upload(client: ApiClient, file: { name: string; type: string; data: Buffer }) {
  const { body, contentType } = multipart([{ name: "file", fileName: file.name, type: file.type, data: file.data }]);
  return sendBody(client, client.host, "POST", "/api/support/attachments", contentType, body);
}

/** Rows of the support tables, to show that a refused request stored nothing. */
export async function supportCounts() {
  const db = await getDb();
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`select (select count(*)::int from support_tickets) as tickets, (select count(*)::int from support_comments) as comments,
      (select count(*)::int from support_attachments) as attachments, (select count(*)::int from support_ticket_events) as events,
      (select count(*)::int from support_attachments where ticket_id is not null) as linked,
      (select coalesce(max(updated_at)::text, '') from support_tickets) as updated`,
  );
  return row;
}

/** The mail sent to an address on a site, waiting for the mail job to deliver it. */
export async function waitForMail(siteId: string, to: string, count = 1, timeoutMs = 20_000) {
  const db = await getDb();
  const started = Date.now();
  for (;;) {
    const rows = await db
      .select()
      .from(outboundMail)
      .where(and(eq(outboundMail.siteId, siteId), eq(outboundMail.to, to)));
    if (rows.length >= count) return rows;
    if (Date.now() - started > timeoutMs) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A usage point of a customer (the support tests load no metering data). */
export async function addUsagePoint(siteId: string, customerId: string, gsrn: string) {
  const db = await getDb();
  const [row] = await db
    .insert(meteringPoints)
    .values({
      siteId,
      customerId,
      gsrn,
      energyKind: "electricity",
      street: "Koivukuja 5",
      postalCode: "00100",
      city: "Helsinki",
      locationId: crypto.randomUUID(),
      locationName: "Koti",
      biddingZone: "FI",
      weatherArea: "helsinki",
      intervalMinutes: 60,
    })
    .returning({ id: meteringPoints.id });
  return row.id;
}

export async function setCustomerLocale(siteId: string, customerId: string, locale: string) {
  const db = await getDb();
  await db
    .update(customers)
    .set({ locale })
    .where(and(eq(customers.siteId, siteId), eq(customers.id, customerId)));
}
