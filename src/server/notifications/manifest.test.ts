import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/db";
import { SEEDERS } from "@/server/demo/seed";
import { withFeatures } from "@/server/settings/testing";
import { THEME_IDS } from "@/themes/types";
import { getTheme } from "@/themes/registry";
import { webAppManifest } from "./manifest";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => s.name === "sites, people and customers") }));
}, 120_000);
afterAll(async () => cleanup());

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): string {
  const b = fs.readFileSync(file);
  expect(b.subarray(1, 4).toString("latin1")).toBe("PNG");
  return `${b.readUInt32BE(16)}x${b.readUInt32BE(20)}`;
}

describe("web app manifest", () => {
  it("names the site, its colours, icons for launchers and the splash screen, and narrow and wide screenshots that exist", async () => {
    for (const site of ["aurora", "laane", "daugava"]) {
      const m = (await webAppManifest(site, "en-GB")) as unknown as {
        name: string;
        start_url: string;
        display: string;
        theme_color: string;
        background_color: string;
        icons: { src: string; sizes: string; type: string; purpose: string }[];
        screenshots: { src: string; sizes: string; type: string; form_factor: string }[];
      };
      expect(m.name.length).toBeGreaterThan(2);
      expect(m).toMatchObject({ display: "standalone", lang: "en-GB" });
      expect(m.start_url).toMatch(/^\/en\/?$/);
      expect(m.background_color).toMatch(/^#[0-9a-f]{6}$/i);
      expect(m.icons.filter((i) => i.type === "image/png").map((i) => `${i.sizes} ${i.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
      expect(m.screenshots.map((s) => s.form_factor)).toEqual(["narrow", "wide"]);
      for (const image of [...m.icons, ...m.screenshots]) {
        const file = path.join(process.cwd(), "public", image.src);
        expect(fs.existsSync(file), image.src).toBe(true);
        if (image.type === "image/png") expect(pngSize(file), image.src).toBe(image.sizes);
      }
    }
  });

  it("has the raster images for every theme", () => {
    for (const id of THEME_IDS) {
      const dir = path.join(process.cwd(), "public", path.dirname(getTheme(id).pwa.logo));
      for (const [file, size] of [
        ["icon-192.png", "192x192"],
        ["icon-512.png", "512x512"],
        ["screenshot-narrow.png", "390x844"],
        ["screenshot-wide.png", "1280x720"],
      ]) {
        expect(pngSize(path.join(dir, file)), `${id} ${file}`).toBe(size);
      }
    }
  });

  it("is not there for a site without the pwa feature, nor for an unknown site", async () => {
    await withFeatures("aurora", { off: ["pwa"] }, async () => {
      expect(await webAppManifest("aurora", "en-GB")).toBeNull();
    });
    expect(await webAppManifest("nowhere", "en-GB")).toBeNull();
  });
});
