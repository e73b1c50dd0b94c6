/**
 * The serving part of a server process (scripts/server.ts): Next.js for pages, the build's assets as
 * compressed at build time, the API straight from the socket, and the job queue's workers. Loaded
 * only by a process that serves.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import compression from "compression";
import next from "next";
import { env } from "../src/lib/env";
import { createApiListener, earlyHeaders, fixForwardedHeaders, isApiPath, nodeRequestIsHttps, writeEarlyError } from "../src/api/listener";
import { earlyErrorBody, pageRequestProblem } from "../src/server/web/request-checks";
import { PAGE_MAX_BODY_BYTES } from "../src/lib/request-limits";
import { RenderGate, rendersPage } from "../src/server/web/render-gate";
import { SHARED_RENDER_HEADER, SharedDocuments, isSharedRenderToken } from "../src/server/web/shared-documents";
import { precompressedAssets } from "../src/server/web/static-assets";
import { builtChunks, holdPageScripts } from "../src/server/web/held-scripts";
import { startListening } from "../src/server/cache/bus";
import { startJobs, stopJobs } from "../src/server/jobs/runtime";
import "../src/server/jobs/handlers";
import { DIST } from "./start";

export interface ListenOptions {
  dev: boolean;
  port: number;
  host: string;
}

/**
 * A production server takes Next.js's configuration as the build wrote it, as Next.js's own
 * standalone server does, instead of compiling and running next.config.ts again: that would load
 * SWC's native compilers (about 40 MB resident) into a process that never compiles (decision 0031).
 * Without the build's file Next.js reads next.config.ts as before.
 */
function takeBuiltConfig() {
  const file = path.join(DIST, "required-server-files.json");
  if (!fs.existsSync(file)) return;
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(JSON.parse(fs.readFileSync(file, "utf8")).config);
}

/** The loopback address a server listens on, for requests it makes to itself. */
function listening(server: http.Server): { host: string; port: number } | null {
  const address = server.address();
  if (!address || typeof address === "string") return null;
  const any = address.address === "0.0.0.0" || address.address === "::";
  return { host: any ? (address.family === "IPv6" ? "::1" : "127.0.0.1") : address.address, port: address.port };
}

/** Starts serving on the open database; `stopJobs` lets running jobs finish before the database closes. */
export async function listen(opts: ListenOptions): Promise<{ server: http.Server; stopJobs: () => Promise<void> }> {
  // Hear other processes' cache invalidations before serving anything from memory.
  await startListening();

  // The TypeScript loader turns source maps on; Next.js's chunks load after this line, so their maps
  // stay on disk unless asked for (SOURCE_MAPS).
  if (!opts.dev && !env().SOURCE_MAPS) process.setSourceMapsEnabled(false);
  const dir = path.resolve(__dirname, "..");
  if (!opts.dev) takeBuiltConfig();
  const app = next({ dev: opts.dev, dir, hostname: "localhost", port: opts.port, customServer: true });
  await app.prepare();
  const handle = app.getRequestHandler();
  const trustProxy = process.env.TRUST_PROXY === "true";
  // The API is served by this process straight from the socket; Next.js serves pages and assets.
  const api = createApiListener({ trustProxy });
  const failed = (req: http.IncomingMessage, res: http.ServerResponse) => (err: unknown) => {
    console.error(err);
    if (!res.headersSent) {
      res.statusCode = 500;
      for (const [name, value] of Object.entries(earlyHeaders(nodeRequestIsHttps(req)))) res.setHeader(name, value);
    }
    res.end();
  };
  // A few page renders at a time, the rest in arrival order (src/server/web/render-gate.ts). Not in
  // development, where a render may wait for its own compilation and the overlay's requests.
  const pages = new RenderGate(opts.dev ? Number.MAX_SAFE_INTEGER : env().PAGE_RENDERS);
  // Pages that are the same for every visitor of a site (decision 0033): rendered once, then served
  // from memory after the session check. Not in development, where sources change under them.
  const shared = opts.dev ? null : new SharedDocuments({ address: () => listening(server) });
  // The build's scripts and stylesheets as compressed when it was built (decision 0039); Next.js
  // serves any it does not have, and all of them in development or after a bare `next build`.
  const assets = opts.dev ? null : precompressedAssets(DIST);
  // The build's chunks, which a page's held scripts may name (decision 0042).
  const chunks = opts.dev ? undefined : builtChunks(DIST);
  // What Next.js answers is compressed here rather than by Next.js (next.config.ts), so that the
  // page's HTML can be rewritten before it is compressed. (Its types are Express's; it needs only
  // Node's request and response.)
  const compress = compression() as unknown as (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
  const server = http.createServer((req, res) => {
    if (isApiPath(req.url)) {
      api(req, res).catch(failed(req, res));
      return;
    }
    fixForwardedHeaders(req, trustProxy);
    // Unreadable targets and Server Action bodies over the limit are refused before Next.js reads anything.
    const problem = pageRequestProblem(req, PAGE_MAX_BODY_BYTES);
    if (problem) return writeEarlyError(req, res, problem);
    // Only this server's own render of a shared document may say it is one.
    if (req.headers[SHARED_RENDER_HEADER] !== undefined && !isSharedRenderToken(req.headers[SHARED_RENDER_HEADER])) delete req.headers[SHARED_RENDER_HEADER];
    const render = () =>
      compress(req, res, () => {
        // A page's scripts wait for its first frame (decision 0042); not in development, whose pages Next.js reloads itself.
        if (!opts.dev) holdPageScripts(req, res, chunks);
        void handle(req, res).catch(failed(req, res));
      });
    if (assets?.(req, res, nodeRequestIsHttps(req), render)) return;
    const renderPage = () => {
      if (rendersPage(req.url)) pages.admit(res, render, req.headers["next-router-prefetch"] === "1");
      else render();
    };
    if (!shared) return renderPage();
    shared.serve(req, res, nodeRequestIsHttps(req)).then(
      (served) => {
        if (!served) renderPage();
      },
      (err: unknown) => {
        // The shared answer could not be made (the database away, say): the page renders as any other.
        console.error("[shared-documents]", err);
        renderPage();
      },
    );
  });
  // Requests Node cannot parse (a broken request line, headers too large): the same error shape and headers.
  server.on("clientError", (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const status = err.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
    const body = earlyErrorBody(status);
    const headers = Object.entries({ ...earlyHeaders(false), "content-length": String(Buffer.byteLength(body)), connection: "close" });
    socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${headers.map(([k, v]) => `${k}: ${v}`).join("\r\n")}\r\n\r\n${body}`);
  });
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host, resolve));

  // Deferred and scheduled work (mail, payment reconciliation) runs from the job queue in the
  // database: every process takes jobs, and each schedule fires once however many share it.
  await startJobs({ work: true, schedules: true });

  return { server, stopJobs };
}
