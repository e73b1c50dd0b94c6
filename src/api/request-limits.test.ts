import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { apiServerPort, httpRequest } from "@/test/api-client";
import { sendLarge } from "@/test/large-body";
import { getDb, queryRows } from "@/server/db/client";
import { createImportToken } from "@/server/importers/tokens";
import { API_MAX_BODY_BYTES, IMPORT_MAX_BODY_BYTES } from "@/lib/request-limits";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase());
});
afterAll(async () => cleanup());

const host = { host: "aurora.localhost", origin: "http://aurora.localhost" };

const countReadings = async () => {
  const db = await getDb();
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from interval_readings`);
  return Number(row.n);
};

describe("request bodies over the limit", () => {
  it("are answered 413 in the API's error shape, with or without a Content-Length", async () => {
    const big = Buffer.alloc(API_MAX_BODY_BYTES + 1, "a");
    const withLength = await sendLarge("POST", "/api/logs", { ...host, "content-type": "application/json" }, big);
    expect(withLength.status).toBe(413);
    expect(withLength.headers["x-content-type-options"]).toBe("nosniff");
    expect(JSON.parse(withLength.body)).toEqual({ error: { code: "payload_too_large", message: "api.errors.payload-too-large", status: 413 } });
    const streamed = await sendLarge("POST", "/api/logs", { ...host, "content-type": "application/json" }, Buffer.alloc(64 * 1024, "a"), { chunks: 40 });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toMatchObject({ error: { code: "payload_too_large", status: 413 } });
    // Anonymous, on an endpoint that needs a session: still 413, not a 500.
    const anonymous = await sendLarge("PUT", "/api/me", { ...host, "content-type": "application/json" }, big);
    expect(anonymous.status).toBe(413);
  });

  it("a readings import over its limit answers 413 and leaves the database unchanged", async () => {
    const { token } = await createImportToken("aurora", "limits");
    const auth = { host: "aurora.localhost", authorization: `Bearer ${token}`, "content-type": "text/csv" };
    const line = "643000000000000001,2024-02-01T00:00:00Z,15,0.3,kWh\n";
    const rows = Math.ceil(IMPORT_MAX_BODY_BYTES / line.length) + 10;
    const csv = "gsrn,timestamp,interval_minutes,value,unit\n" + line.repeat(rows);
    const before = await countReadings();
    const res = await sendLarge("POST", "/api/import/readings", auth, Buffer.from(csv));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: "payload_too_large", status: 413 } });
    const streamed = await sendLarge("POST", "/api/import/readings", auth, Buffer.from(line.repeat(4096)), { chunks: Math.ceil(rows / 4096) + 1 });
    expect(streamed.status).toBe(413);
    expect(await countReadings()).toBe(before);
  });

  it("a burst of 20 bodies of 10 MB, sent at once, does not stop the server", async () => {
    const ten = Buffer.alloc(10 * 1024 * 1024, "{");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? sendLarge("POST", "/api/logs", { ...host, "content-type": "application/json" }, ten).then((r) => r.status)
          : sendLarge("PUT", "/api/feedback/send", { ...host, "content-type": "application/json" }, ten.subarray(0, 1024 * 1024), { chunks: 10 }).then((r) => r.status),
      ),
    );
    // Each is refused: answered 413, or (when the client's write lost the race with the server's
    // close, as a busy machine may make it) cut off before the answer could be read.
    for (const status of answers) expect([413, 0]).toContain(status);
    expect(answers.filter((s) => s === 413).length).toBeGreaterThan(0);
    const after = await httpRequest("GET", "/api/countries", host);
    expect(after.status).toBe(200);
  });

  it("a client that gives up in the middle of a body does not stop the server", async () => {
    const port = await apiServerPort();
    await new Promise<void>((resolve) => {
      const req = http.request({ host: "127.0.0.1", port, method: "POST", path: "/api/logs", headers: { ...host, "content-type": "application/json", "content-length": "100000" } });
      req.on("error", () => resolve());
      req.write('{"message":"');
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 50);
    });
    const after = await httpRequest("GET", "/api/countries", host);
    expect(after.status).toBe(200);
  });
});
