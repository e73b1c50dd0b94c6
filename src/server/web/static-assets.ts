import "server-only";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import sirv from "sirv";
import { COMMON_SECURITY_HEADERS, HSTS } from "./security-headers";

/**
 * The build's scripts and stylesheets, compressed once when the portal is built (brotli at its
 * best quality, and gzip) and sent as they are (decision 0039). Next.js compresses every answer
 * again with gzip: 10 ms of the server's time for the largest script, on each of the dozen and
 * more assets of a first visit, and a tenth more bytes than brotli's.
 */

/** Where Next.js serves the build's assets from, and the folder of the build they are in. */
export const STATIC_PREFIX = "/_next/static/";
/** Written into the build folder with the build's id once its assets are compressed. */
const PRECOMPRESSED_STAMP = "precompressed-assets";
/** Text assets worth compressing; fonts and images are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|map)$/;
/** Below about a packet, compressing saves nothing. */
const MIN_BYTES = 1024;
/** A year, and immutable: every asset's name changes with its content (as Next.js answers them). */
const MAX_AGE = 31_536_000;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Every path below `dir` (none when it is missing). */
export function files(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).map((name) => path.join(dir, name));
}

/** Writes a file whole or not at all: a process serving the same build never reads half of one. */
export function writeAtomically(file: string, data: Buffer) {
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, data);
  fs.renameSync(temp, file);
}

/**
 * Writes `<asset>.br` and `<asset>.gz` next to each text asset of the build in `dist` that has
 * none newer than itself, then the stamp. Two at a time, on libuv's threads.
 */
export async function compressStaticAssets(dist: string): Promise<{ assets: number; bytes: number; brotliBytes: number; gzipBytes: number }> {
  const all = files(path.join(dist, "static"))
    .filter((f) => COMPRESSIBLE.test(f))
    .map((file) => ({ file, stat: fs.statSync(file) }))
    .filter(({ stat }) => stat.isFile() && stat.size >= MIN_BYTES);
  const totals = { assets: all.length, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  let next = 0;
  const work = async () => {
    while (next < all.length) {
      const { file, stat } = all[next++];
      const source = fs.readFileSync(file);
      const fresh = (f: string) => fs.existsSync(f) && fs.statSync(f).mtimeMs >= stat.mtimeMs;
      const [br, gz] = [`${file}.br`, `${file}.gz`];
      if (!fresh(br)) {
        const params = {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        };
        writeAtomically(br, await brotli(source, { params }));
      }
      if (!fresh(gz)) writeAtomically(gz, await gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }));
      totals.bytes += source.length;
      totals.brotliBytes += fs.statSync(br).size;
      totals.gzipBytes += fs.statSync(gz).size;
    }
  };
  await Promise.all([work(), work()]);
  writeAtomically(path.join(dist, PRECOMPRESSED_STAMP), fs.readFileSync(path.join(dist, "BUILD_ID")));
  return totals;
}

/** Serves an asset request and says so, or leaves it (false); `fallback` takes an asset this build does not have. */
export type AssetHandler = (req: IncomingMessage, res: ServerResponse, https: boolean, fallback: () => void) => boolean;

/** Whether the build in `dist` has its assets compressed: its stamp names this build. */
export function assetsCompressed(dist: string): boolean {
  const stamp = path.join(dist, PRECOMPRESSED_STAMP);
  const buildId = path.join(dist, "BUILD_ID");
  return fs.existsSync(stamp) && fs.existsSync(buildId) && fs.readFileSync(stamp, "utf8") === fs.readFileSync(buildId, "utf8");
}

/**
 * The build's assets from their compressed copies, or null when the build in `dist` was not
 * compressed (a bare `next build`): Next.js then serves them, compressing each answer. Only GET and
 * HEAD; a conditional request with the asset's ETag gets 304.
 */
export function precompressedAssets(dist: string): AssetHandler | null {
  if (!assetsCompressed(dist)) return null;
  const serve = sirv(path.join(dist, "static"), { dev: false, etag: true, brotli: true, gzip: true, maxAge: MAX_AGE, immutable: true, extensions: [] });
  return (req, res, https, fallback) => {
    const url = req.url ?? "";
    if ((req.method !== "GET" && req.method !== "HEAD") || !url.startsWith(STATIC_PREFIX)) return false;
    for (const [name, value] of COMMON_SECURITY_HEADERS) res.setHeader(name, value);
    if (https) res.setHeader("strict-transport-security", HSTS);
    // sirv looks the path up under the folder it serves: the part after the prefix.
    req.url = url.slice(STATIC_PREFIX.length - 1);
    serve(req, res, () => {
      req.url = url;
      fallback();
    });
    return true;
  };
}
