/**
 * `npm run build`'s last step: the build's scripts marked for eager compilation
 * (src/server/web/compile-hints.ts), then its scripts and stylesheets compressed once, for the
 * server to send as they are (src/server/web/static-assets.ts). `npm start` and the tests build
 * through scripts/start.ts, which does the same.
 */
import { hintEagerCompilation } from "../src/server/web/compile-hints";
import { compressStaticAssets } from "../src/server/web/static-assets";
import { DIST } from "./start";

async function compressBuild(log: (m: string) => void = console.log): Promise<void> {
  const started = Date.now();
  const hints = hintEagerCompilation(DIST);
  log(`Marked ${hints.hinted} of ${hints.scripts} scripts for eager compilation.`);
  const t = await compressStaticAssets(DIST);
  const kb = (n: number) => `${Math.round(n / 1024)} kB`;
  log(`Compressed ${t.assets} assets in ${((Date.now() - started) / 1000).toFixed(1)} s: ${kb(t.bytes)} → brotli ${kb(t.brotliBytes)}, gzip ${kb(t.gzipBytes)}.`);
}

if (require.main === module) {
  compressBuild().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
