import { describe, expect, it } from "vitest";
import { cookiesFor, lighthouseTable, medianRun, observed, type LighthouseRun } from "./lighthouse";

const run = (score: number, lcpMs: number, firstFrameMs = 250): LighthouseRun => ({ page: "/", score, lcpMs, cls: 0, tbtMs: 100, transferKb: 300, firstFrameMs });

describe("medianRun", () => {
  it("keeps the whole run with the median score, so its metrics belong together", () => {
    expect(medianRun([run(62, 5000), run(95, 1500), run(81, 2600)])).toEqual({ ...run(81, 2600), runScores: [62, 95, 81] });
    expect(medianRun([run(90, 1800)])).toEqual({ ...run(90, 1800), runScores: [90] });
  });

  it("takes the lower middle run of an even count, and refuses none", () => {
    expect(medianRun([run(70, 4000), run(99, 1200), run(88, 2000), run(93, 1700)])).toEqual({ ...run(88, 2000), runScores: [70, 99, 88, 93] });
    expect(() => medianRun([])).toThrow();
  });
});

describe("the observed first frame", () => {
  it("is read from the metrics audit's observed times, NaN when the report has none", () => {
    const lhr = { audits: { metrics: { details: { items: [{ observedFirstContentfulPaint: 1286.4, observedLoad: 387 }] } } } };
    expect(observed(lhr, "observedFirstContentfulPaint")).toBe(1286.4);
    expect(observed(lhr, "observedLoad")).toBe(387);
    expect(observed(lhr, "observedSpeedIndex")).toBeNaN();
    expect(observed({ audits: {} }, "observedFirstContentfulPaint")).toBeNaN();
  });

  it("shows in the table with every run's score, a dash when unknown", () => {
    const table = lighthouseTable([
      { ...run(93, 3058, 1313), page: "/charts", runScores: [88, 94, 93] },
      { ...run(99, 2051, NaN), page: "/auth/signin", runScores: [99] },
    ]);
    expect(table).toContain("| /charts | 93 | 88, 94, 93 | 3058 | 0 | 100 | 1313 | 300 | no |");
    expect(table).toContain("| /auth/signin | 99 | 99 | 2051 | 0 | 100 | – | 300 | yes |");
  });
});

describe("cookiesFor", () => {
  it("turns a Cookie header into the host's cookies, values with '=' kept whole", () => {
    expect(cookiesFor("better-auth.session_token=abc.def%3D; NEXT_LOCALE=en-GB;", "http://aurora.localhost:3300")).toEqual([
      { name: "better-auth.session_token", value: "abc.def%3D", domain: "aurora.localhost", path: "/" },
      { name: "NEXT_LOCALE", value: "en-GB", domain: "aurora.localhost", path: "/" },
    ]);
    expect(cookiesFor("a=b=c", "http://x.localhost")).toEqual([{ name: "a", value: "b=c", domain: "x.localhost", path: "/" }]);
    expect(cookiesFor("", "http://x.localhost")).toEqual([]);
  });
});
