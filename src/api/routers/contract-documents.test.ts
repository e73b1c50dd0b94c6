import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { demoPlans, SEEDERS } from "@/server/demo/seed";
import { getDb, queryRows } from "@/server/db/client";
import { sites } from "@/server/db/schema";
import { listAudit } from "@/server/audit/audit";
import { invalidateSiteCache } from "@/server/sites/sites";
import { multipart, SAMPLE_FILES, sendBody } from "@/server/support/testing";
import { CONTRACT_DOCUMENT_MAX_BYTES } from "@/lib/request-limits";
import type { Feature } from "@/lib/features";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => ["sites, people and customers", "metering", "contracts and products"].some((n) => s.name.startsWith(n))) }));
}, 600_000);
afterAll(async () => cleanup());

const plan = (site: string) => demoPlans().find((p) => p.site.id === site)!;

const clients = new Map<string, ApiClient>();
let ipSeq = 1;
async function signedIn(site: string, persona: string) {
  const key = `${site}-${persona}`;
  if (!clients.has(key)) {
    const api = new ApiClient(`${site}.localhost`, { ip: `10.41.0.${ipSeq++}` });
    await api.signInSandbox(site, { identityId: key });
    clients.set(key, api);
  }
  return clients.get(key)!;
}

async function firstContract(api: ApiClient): Promise<{ id: string; contractNumber: string }> {
  const res = await api.get("/api/contracts");
  expect(res.status).toBe(200);
  return res.body.contracts[0];
}

/** Sends POST /api/contracts/upload with the parts given. */
function upload(api: ApiClient, parts: Parameters<typeof multipart>[0]) {
  const { body, contentType } = multipart(parts);
  return sendBody(api, api.host, "POST", "/api/contracts/upload", contentType, body);
}

const filePart = (data: Buffer, fileName = "scan.pdf", type = "application/pdf") => ({ name: "file", fileName, type, data });

/** Rows that a refused upload must not touch: documents and the contracts' history. */
async function counts() {
  const db = await getDb();
  const [row] = await queryRows<{ documents: number; events: number }>(
    db,
    sql`select (select count(*)::int from contract_documents) as documents, (select count(*)::int from contract_events) as events`,
  );
  return { documents: Number(row.documents), events: Number(row.events) };
}

async function withFeatures(site: string, change: (f: Feature[]) => Feature[], run: () => Promise<void>) {
  const db = await getDb();
  const [{ features }] = await queryRows<{ features: Feature[] }>(db, sql`select features from sites where id = ${site}`);
  await db
    .update(sites)
    .set({ features: change(features), updatedAt: new Date() })
    .where(eq(sites.id, site));
  invalidateSiteCache();
  try {
    await run();
  } finally {
    await db.update(sites).set({ features, updatedAt: new Date() }).where(eq(sites.id, site));
    invalidateSiteCache();
  }
}

describe("contract documents", () => {
  it("stores a PDF, PNG and JPEG on the customer's contract, lists them and downloads each as it was", async () => {
    const api = await signedIn("aurora", "solar-household");
    const contract = await firstContract(api);
    const stored = [];
    for (const [data, name, type] of [
      [SAMPLE_FILES.pdf, "Sopimus allekirjoitettu.pdf", "application/pdf"],
      [SAMPLE_FILES.png, "mittari.png", "image/png"],
      // The declared type and the name do not decide: the content is a JPEG.
      [SAMPLE_FILES.jpeg, "photo.bin", "application/octet-stream"],
    ] as const) {
      const res = await upload(api, [{ name: "contractId", data: contract.id }, filePart(data, name, type)]);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ contractId: contract.id, kind: "uploaded", fileName: name, size: data.length, byCustomerService: false });
      expect(res.body.url).toBe(`/api/contracts/${contract.id}/documents/${res.body.id}`);
      stored.push({ ...res.body, data });
    }
    expect(stored.map((d) => d.contentType)).toEqual(["application/pdf", "image/png", "image/jpeg"]);

    const list = await api.get(`/api/contracts/${contract.id}/documents`);
    expect(list.status).toBe(200);
    expect(list.body.documents.map((d: { id: string }) => d.id)).toEqual(stored.map((d) => d.id));
    for (const d of stored) {
      const res = await api.raw("GET", d.url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(d.contentType);
      expect(res.headers.get("content-disposition")).toContain("attachment;");
      expect(res.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent(d.fileName)}`);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(Buffer.from(await res.arrayBuffer()).equals(d.data)).toBe(true);
    }
    const detail = (await api.get(`/api/contracts/${contract.id}`)).body;
    expect(detail.history.filter((h: { action: string }) => h.action === "document-uploaded")).toHaveLength(3);
  });

  it("keeps another customer and another site out: 404 for the upload, the list and the download, nothing stored", async () => {
    const owner = await signedIn("aurora", "solar-household");
    const contract = await firstContract(owner);
    const res = await upload(owner, [{ name: "contractId", data: contract.id }, filePart(SAMPLE_FILES.pdf)]);
    expect(res.status).toBe(201);
    const before = await counts();
    const other = await signedIn("aurora", "apartment");
    const own = await firstContract(other);
    const refused = await upload(other, [{ name: "contractId", data: contract.id }, filePart(SAMPLE_FILES.pdf)]);
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe("contracts.errors.not-found");
    expect(JSON.stringify(refused.body)).not.toContain(contract.contractNumber);
    expect((await other.get(`/api/contracts/${contract.id}/documents`)).status).toBe(404);
    expect((await other.get(res.body.url)).status).toBe(404);
    // The document under the other customer's own contract id: still not found.
    expect((await other.get(`/api/contracts/${own.id}/documents/${res.body.id}`)).status).toBe(404);
    // A person of another site, with the owner's ids.
    const foreign = await signedIn("laane", "solar-household");
    expect((await foreign.get(res.body.url)).status).toBe(404);
    expect((await upload(foreign, [{ name: "contractId", data: contract.id }, filePart(SAMPLE_FILES.pdf)])).status).toBe(404);
    // Malformed and unknown ids.
    for (const path of [`/api/contracts/${contract.id}/documents/nope`, `/api/contracts/${contract.id}/documents/00000000-0000-4000-8000-000000000000`, `/api/contracts/x/documents/${res.body.id}`]) {
      expect((await owner.get(path)).status).toBe(404);
    }
    expect(await counts()).toEqual(before);
  });

  it("refuses wrong types by content, empty and missing files, missing contracts and other bodies with 4xx, storing nothing", async () => {
    const api = await signedIn("laane", "house-gas");
    const contract = await firstContract(api);
    const before = await counts();
    const cases: [Parameters<typeof multipart>[0], number, string, string][] = [
      [[{ name: "contractId", data: contract.id }, filePart(SAMPLE_FILES.html, "contract.pdf", "application/pdf")], 422, "file", "contract-documents.errors.file-type"],
      [[{ name: "contractId", data: contract.id }, filePart(SAMPLE_FILES.svg, "x.png", "image/png")], 422, "file", "contract-documents.errors.file-type"],
      [[{ name: "contractId", data: contract.id }, filePart(SAMPLE_FILES.webp, "x.webp", "image/webp")], 422, "file", "contract-documents.errors.file-type"],
      [[{ name: "contractId", data: contract.id }, filePart(SAMPLE_FILES.zip, "x.pdf")], 422, "file", "contract-documents.errors.file-type"],
      [[{ name: "contractId", data: contract.id }, filePart(Buffer.alloc(0))], 422, "file", "contract-documents.errors.file-empty"],
      [[{ name: "contractId", data: contract.id }], 422, "file", "contract-documents.errors.file-missing"],
      [
        [
          { name: "contractId", data: contract.id },
          { name: "file", data: "not a file part" },
        ],
        422,
        "file",
        "contract-documents.errors.file-missing",
      ],
      [[filePart(SAMPLE_FILES.pdf)], 422, "contractId", "contract-documents.errors.contract-missing"],
    ];
    for (const [parts, status, path, message] of cases) {
      const res = await upload(api, parts);
      expect(res.status, message).toBe(status);
      expect(res.body.error.details.fields).toContainEqual(expect.objectContaining({ path, message }));
    }
    const notMultipart = await api.call("POST", "/api/contracts/upload", { contractId: contract.id, file: "JVBERi0=" });
    expect(notMultipart.status).toBe(415);
    const tooLarge = await upload(api, [{ name: "contractId", data: contract.id }, filePart(Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(CONTRACT_DOCUMENT_MAX_BYTES)]))]);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error.message).toBe("contract-documents.errors.file-too-large");
    const overBody = await upload(api, [{ name: "contractId", data: contract.id }, filePart(Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(CONTRACT_DOCUMENT_MAX_BYTES + 128 * 1024)]))]);
    expect(overBody.status).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it("takes at most 20 documents per contract", async () => {
    const api = await signedIn("daugava", "house-gas");
    const contract = await firstContract(api);
    for (let i = 0; i < 20; i++) expect((await upload(api, [{ name: "contractId", data: contract.id }, filePart(SAMPLE_FILES.png, `p${i}.png`, "image/png")])).status).toBe(201);
    const before = await counts();
    const res = await upload(api, [{ name: "contractId", data: contract.id }, filePart(SAMPLE_FILES.png, "one-more.png", "image/png")]);
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields[0]).toMatchObject({ path: "file", message: "contract-documents.errors.too-many" });
    expect(await counts()).toEqual(before);
  });

  it("lets customer service add a document, audited; a representative only reads and downloads", async () => {
    const p = plan("aurora");
    const rep = p.people.find((x) => x.persona === "representative")!;
    const relative = p.customers.find((c) => c.id === p.representations.find((r) => r.personId === rep.id)!.customerId)!;
    const repApi = await signedIn("aurora", "representative");
    expect((await repApi.put("/api/me/active-customer", { customerId: relative.id })).status).toBe(200);
    const contract = await firstContract(repApi);
    const before = await counts();
    const refused = await upload(repApi, [{ name: "contractId", data: contract.id }, filePart(SAMPLE_FILES.pdf)]);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe("contracts.errors.representative-read-only");
    expect(await counts()).toEqual(before);

    const staff = new ApiClient("aurora.localhost", { ip: "10.41.1.1" });
    await staff.signInSandbox("aurora", { identityId: "aurora-customer-service" });
    expect((await staff.post("/api/customer-service/open", { clientCode: relative.clientCode })).status).toBe(200);
    const ok = await upload(staff, [{ name: "contractId", data: contract.id }, filePart(SAMPLE_FILES.pdf, "valtakirja.pdf")]);
    expect(ok.status).toBe(201);
    expect(ok.body.byCustomerService).toBe(true);
    const audit = (await listAudit("aurora", { customerId: relative.id })).find((a) => a.action === "contracts:document-uploaded")!;
    expect(audit.details).toMatchObject({ contractId: contract.id, documentId: ok.body.id, customerService: true });
    expect(audit.actorPersonId).toBe(p.staff.find((s) => s.role === "customer_service")!.person.id);

    const listed = await repApi.get(`/api/contracts/${contract.id}/documents`);
    expect(listed.body.documents.map((d: { id: string }) => d.id)).toContain(ok.body.id);
    expect((await repApi.raw("GET", ok.body.url)).status).toBe(200);
  });

  it("keeps listing and downloading with contract management off, but takes no uploads; nothing with contracts off", async () => {
    const api = await signedIn("aurora", "house-gas");
    const contract = await firstContract(api);
    const stored = await upload(api, [{ name: "contractId", data: contract.id }, filePart(SAMPLE_FILES.pdf)]);
    expect(stored.status).toBe(201);
    await withFeatures(
      "aurora",
      (f) => [...f, "contracts.management-disabled"],
      async () => {
        expect((await upload(api, [{ name: "contractId", data: contract.id }, filePart(SAMPLE_FILES.pdf)])).status).toBe(404);
        expect((await api.get(`/api/contracts/${contract.id}/documents`)).status).toBe(200);
        expect((await api.raw("GET", stored.body.url)).status).toBe(200);
      },
    );
    await withFeatures(
      "aurora",
      (f) => f.filter((x) => x !== "contracts"),
      async () => {
        expect((await api.get(`/api/contracts/${contract.id}/documents`)).status).toBe(404);
        expect((await api.get(stored.body.url)).status).toBe(404);
      },
    );
  });

  it("exports the documents' names, types and sizes with the contracts (my data)", async () => {
    const api = await signedIn("laane", "solar-household");
    const contract = await firstContract(api);
    const stored = await upload(api, [{ name: "contractId", data: contract.id }, filePart(SAMPLE_FILES.png, "arvesti.png", "image/png")]);
    expect(stored.status).toBe(201);
    const file = (await api.get("/api/me/export")).body;
    const exported = file.sections.contracts.find((c: { id: string }) => c.id === contract.id);
    expect(exported.keptDocuments).toEqual([expect.objectContaining({ id: stored.body.id, fileName: "arvesti.png", contentType: "image/png", size: SAMPLE_FILES.png.length })]);
    expect(JSON.stringify(exported.keptDocuments)).not.toContain(SAMPLE_FILES.png.toString("base64"));
  });

  it("never answers 5xx to any upload body; only PDF, PNG and JPEG content is kept, anything refused stores nothing", async () => {
    const api = await signedIn("daugava", "solar-household");
    const contract = await firstContract(api);
    const otherContract = (await firstContract(await signedIn("daugava", "apartment"))).id;
    let before = await counts();
    const magic = fc.constantFrom(
      Buffer.alloc(0),
      SAMPLE_FILES.png.subarray(0, 8),
      SAMPLE_FILES.pdf.subarray(0, 5),
      Buffer.from([0xff, 0xd8, 0xff]),
      SAMPLE_FILES.webp,
      SAMPLE_FILES.svg,
      SAMPLE_FILES.gif,
      SAMPLE_FILES.html,
    );
    const file = fc.tuple(magic, fc.uint8Array({ maxLength: 1024 })).map(([head, tail]) => Buffer.concat([head, Buffer.from(tail)]));
    const name = fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom("../../etc/passwd", "a\u0000b.pdf", "\u202efdp.exe", "", ".."));
    const part = fc.oneof(
      fc.record({
        name: fc.constantFrom("file", "file", "file[]", "other", ""),
        fileName: fc.option(
          name.map((n) => n.replace(/["\r\n]/g, "")),
          { nil: undefined },
        ),
        type: fc.option(fc.constantFrom("application/pdf", "image/png", "text/html", "image/svg+xml", ""), { nil: undefined }),
        data: file,
      }),
      fc.record({
        name: fc.constant("contractId"),
        data: fc.oneof(
          fc.constantFrom(contract.id, contract.id, otherContract, "", "x", "00000000-0000-4000-8000-000000000000"),
          fc.string({ maxLength: 80 }).map((s) => s.replace(/[\r\n]/g, "")),
        ),
      }),
    );
    const body = fc.oneof(
      fc.array(part, { minLength: 0, maxLength: 4 }).map((parts) => multipart(parts)),
      fc
        .tuple(fc.uint8Array({ maxLength: 512 }), fc.constantFrom("multipart/form-data; boundary=x", "multipart/form-data", "application/octet-stream", "application/pdf", "application/json"))
        .map(([b, t]) => ({ body: Buffer.from(b), contentType: t })),
    );
    await fc.assert(
      fc.asyncProperty(body, async ({ body: payload, contentType }) => {
        const res = await sendBody(api, api.host, "POST", "/api/contracts/upload", contentType, payload);
        expect(res.status).toBeLessThan(500);
        if (res.status === 201) {
          expect(res.body.contractId).toBe(contract.id);
          expect(["application/pdf", "image/png", "image/jpeg"]).toContain(res.body.contentType);
          expect(res.body.fileName).not.toMatch(/[\u0000-\u001f/\\"]/);
          const download = await api.raw("GET", res.body.url);
          expect((await fileTypeFromBuffer(Buffer.from(await download.arrayBuffer())))?.mime).toBe(res.body.contentType);
          before = await counts();
          return;
        }
        expect([400, 404, 413, 415, 422]).toContain(res.status);
        expect(res.body.error).toMatchObject({ status: res.status });
        expect(await counts()).toEqual(before);
      }),
      { numRuns: 120 },
    );
  });
});
