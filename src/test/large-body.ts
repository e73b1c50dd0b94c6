import http from "node:http";
import { apiServerPort } from "./api-client";

/**
 * Sends a large body to the test API server the way an uploading client does: with a
 * Content-Length, or chunked (`chunks` copies of `body`, no Content-Length). A server may answer
 * (413) and close the connection before the whole body is sent; the answer counts, a write error
 * after it does not. A server that closes before the client could read its answer (the write
 * fails first, EPIPE or ECONNRESET) refused the body too: that is status 0.
 */
export async function sendLarge(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
  opts: { chunks?: number; port?: number } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const port = opts.port ?? (await apiServerPort());
  const streamed = opts.chunks !== undefined;
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        agent: false,
        headers: { ...headers, ...(streamed ? { "transfer-encoding": "chunked" } : { "content-length": String(body.length) }) },
      },
      (res) => {
        answered = true;
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => parts.push(c));
        const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString() });
        res.on("end", done);
        res.on("close", done);
      },
    );
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (answered) return;
      if (err.code === "EPIPE" || err.code === "ECONNRESET") resolve({ status: 0, headers: {}, body: "" });
      else reject(err);
    });
    let sent = 0;
    const total = streamed ? opts.chunks! : 1;
    const pump = () => {
      while (sent < total && !req.destroyed) {
        sent++;
        if (!req.write(body)) return void req.once("drain", pump);
      }
      if (!req.destroyed) req.end();
    };
    pump();
  });
}
