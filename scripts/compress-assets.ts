/**
 * `npm run build`'s last step: the build's scripts and stylesheets compressed once, for the server
 * to send as they are (src/server/web/static-assets.ts). `npm start` and the tests build through
 * scripts/start.ts, which does the same.
 */
import { compressStaticAssets } from "../src/server/web/static-assets";
import { DIST } from "./start";

async function compressBuild(log: (m: string) => void = console.log): Promise<void> {
  const started = Date.now();
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
