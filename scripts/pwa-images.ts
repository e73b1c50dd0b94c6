/**
 * Makes the raster images of each theme's web app manifest from the theme's SVGs, once; the PNGs
 * are committed under public/themes/<id>/ and served as static files:
 *   icon-192.png, icon-512.png  the PWA logo at the sizes launchers and splash screens use
 *                               (the logo's mark sits inside the maskable safe zone);
 *   screenshot-narrow.png       the first phone screenshot (390 × 844);
 *   screenshot-wide.png         the three phone screenshots side by side (1280 × 720).
 * Browsers want raster screenshots for the install dialog, and PNG icons of fixed sizes.
 * Run again after changing a theme's SVGs: `npx tsx scripts/pwa-images.ts [themeId...]`.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const ROOT = path.join(process.cwd(), "public", "themes");
const dataUrl = (file: string) => `data:image/svg+xml;base64,${fs.readFileSync(file).toString("base64")}`;

async function main() {
  const only = process.argv.slice(2);
  const themes = fs.readdirSync(ROOT).filter((d) => fs.existsSync(path.join(ROOT, d, "pwa-logo.svg")) && (!only.length || only.includes(d)));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", headless: true, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const id of themes) {
      const dir = path.join(ROOT, id);
      const logo = dataUrl(path.join(dir, "pwa-logo.svg"));
      for (const size of [192, 512]) {
        await page.setViewportSize({ width: size, height: size });
        await page.setContent(`<html><body style="margin:0"><img src="${logo}" width="${size}" height="${size}" style="display:block"></body></html>`);
        await page.screenshot({ path: path.join(dir, `icon-${size}.png`), clip: { x: 0, y: 0, width: size, height: size } });
      }
      const shots = [1, 2, 3].map((n) => dataUrl(path.join(dir, `screenshot-${n}.svg`)));
      await page.setViewportSize({ width: 390, height: 844 });
      await page.setContent(`<html><body style="margin:0"><img src="${shots[0]}" width="390" height="844" style="display:block"></body></html>`);
      await page.screenshot({ path: path.join(dir, "screenshot-narrow.png"), clip: { x: 0, y: 0, width: 390, height: 844 } });
      // The wide one: the three phone views on the splash's colours.
      const splash = dataUrl(path.join(dir, "splash.svg"));
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.setContent(
        `<html><body style="margin:0;width:1280px;height:720px;overflow:hidden;background:url('${splash}') center/cover;display:flex;gap:48px;align-items:center;justify-content:center">` +
          shots.map((s) => `<img src="${s}" width="296" height="640" style="display:block;border-radius:16px;box-shadow:0 8px 24px rgba(0,0,0,.25)">`).join("") +
          `</body></html>`,
      );
      await page.screenshot({ path: path.join(dir, "screenshot-wide.png"), clip: { x: 0, y: 0, width: 1280, height: 720 } });
      console.log(`${id}: icons and screenshots written`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
