/**
 * Lighthouse (mobile, its default simulated slow 4G and mid-range phone) on the production server
 * the render bench started, through Debian's Chromium: the performance score with LCP, CLS and
 * total blocking time per page, from the median of a few runs. Signed-in pages are measured with
 * the customer's session cookies in the browser's cookie jar, as a signed-in browser holds them:
 * given as a request header instead (Lighthouse's `extraHeaders`), the session was lost to the
 * page's own requests once an answer set a cookie, and its session check went to sign-in mid-run.
 */
import type { Flags, RunnerResult } from "lighthouse";
import { chromium } from "playwright-core";

export interface LighthouseRow {
  page: string;
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  transferKb: number;
  /**
   * When Chromium showed the page's first contentful frame in the load Lighthouse observed, before
   * its simulation: a second or more is the late first frame of docs/performance.md's notes.
   */
  firstFrameMs: number;
  /** The scores of every run of the page, in order (the row is the median one's). */
  runScores: number[];
}

/** One Lighthouse run of a page. */
export type LighthouseRun = Omit<LighthouseRow, "runScores">;

/** The goals of the speed work: performance ≥ 95 with LCP ≤ 2.5 s and CLS ≤ 0.1. */
export const LIGHTHOUSE_GOAL = { score: 95, lcpMs: 2500, cls: 0.1 } as const;

export const meetsLighthouseGoal = (r: LighthouseRow) => r.score >= LIGHTHOUSE_GOAL.score && r.lcpMs <= LIGHTHOUSE_GOAL.lcpMs && r.cls <= LIGHTHOUSE_GOAL.cls;

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** Runs per page: Lighthouse's own guidance is the median of several, as one run varies a lot. */
export const LIGHTHOUSE_RUNS = 3;

export async function benchLighthouse(origin: string, pages: { path: string; cookie?: string }[], log: (m: string) => void, runs = LIGHTHOUSE_RUNS): Promise<LighthouseRow[]> {
  // Both packages are ES modules only; the bench runs as CommonJS under tsx.
  const { launch } = await import("chrome-launcher");
  const { default: lighthouse } = await import("lighthouse");
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const rows: LighthouseRow[] = [];
  // Lighthouse clears the origin's caches and storage before a run but not its cookies.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const jar = browser.contexts()[0];
  try {
    for (const page of pages) {
      await jar.clearCookies();
      if (page.cookie) await jar.addCookies(cookiesFor(page.cookie, origin));
      const flags: Flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] };
      const tries: LighthouseRun[] = [];
      for (let i = 0; i < runs; i++) {
        const result = (await lighthouse(`${origin}${page.path}`, flags)) as RunnerResult | undefined;
        if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
        const lhr = result.lhr;
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.message}`);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        tries.push({
          page: page.path,
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: Math.round(audit("largest-contentful-paint")),
          cls: Math.round(audit("cumulative-layout-shift") * 1000) / 1000,
          tbtMs: Math.round(audit("total-blocking-time")),
          transferKb: Math.round(audit("total-byte-weight") / 1024),
          firstFrameMs: Math.round(observed(lhr, "observedFirstContentfulPaint")),
        });
      }
      const row = medianRun(tries);
      rows.push(row);
      log(
        `   Lighthouse ${row.page.padEnd(14)} ${row.score} (LCP ${row.lcpMs} ms, CLS ${row.cls}, TBT ${row.tbtMs} ms, ${row.transferKb} KiB, first frame seen at ${tries.map((t) => t.firstFrameMs).join(", ")} ms; median of ${row.runScores.join(", ")})`,
      );
    }
  } finally {
    await browser.close();
    chrome.kill();
  }
  return rows;
}

/** A time Lighthouse observed in the unthrottled load (its `metrics` audit), NaN when it has none. */
export function observed(lhr: { audits: Record<string, { details?: unknown } | undefined> }, key: string): number {
  const items = (lhr.audits.metrics?.details as { items?: Record<string, unknown>[] } | undefined)?.items;
  const value = items?.[0]?.[key];
  return typeof value === "number" ? value : NaN;
}

/**
 * A `Cookie` header's pairs as cookies of the origin's host, for the browser's jar, values as sent.
 * Not hono's cookie `parse` (used by the server): it decodes `%` escapes, and the jar must hold the
 * signed session value exactly as the server wrote it.
 */
export function cookiesFor(header: string, origin: string): { name: string; value: string; domain: string; path: string }[] {
  const domain = new URL(origin).hostname;
  return header
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => pair.includes("="))
    .map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), domain, path: "/" }));
}

/** The run with the median score (the lower middle one for an even count), whole, so its metrics belong together, with every run's score. */
export function medianRun(tries: LighthouseRun[]): LighthouseRow {
  if (tries.length === 0) throw new Error("no Lighthouse runs");
  const sorted = [...tries].sort((a, b) => a.score - b.score);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], runScores: tries.map((t) => t.score) };
}

export function lighthouseTable(rows: LighthouseRow[]): string {
  return [
    "| page | performance | runs | LCP ms | CLS | TBT ms | first frame seen ms | transferred KiB | goal met |",
    "|---|---:|---|---:|---:|---:|---:|---:|---|",
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.score} | ${r.runScores.join(", ")} | ${r.lcpMs} | ${r.cls} | ${r.tbtMs} | ${Number.isNaN(r.firstFrameMs) ? "–" : r.firstFrameMs} | ${r.transferKb} | ${meetsLighthouseGoal(r) ? "yes" : "no"} |`,
    ),
  ].join("\n");
}
