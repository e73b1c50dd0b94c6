import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { dashboardShown, daysInMonth, happensWithin, siteDay, siteUrl, transitionsDone } from "./helpers";
import { demoPlans } from "../src/server/demo/plan-access";
import { planDemoPoints } from "../src/server/demo/energy/points-plan";
import { axe, signedInAt } from "./page-checks";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

// The cookie banner and the feedback dialog (after 20 s on a page) would cover part of the page: this person has answered both already.
const signedIn = (persona: string, path: string, opts: { dark?: boolean; mobile?: boolean } = {}) =>
  signedInAt(browser, HOST, `aurora-${persona}`, path, { mobile: opts.mobile, colorScheme: opts.dark ? "dark" : "light" });

const HOST = "aurora.localhost";
const aurora = demoPlans().find((p) => p.site.id === "aurora")!;
const pointsOf = (persona: string) => {
  const customer = aurora.customers.find((c) => c.owner?.persona === persona && c.kind === "private")!;
  return planDemoPoints(aurora).filter((p) => p.customerId === customer.id);
};

/** Waits until the chart shows the data its controls ask for (and that request contains `expect`), with its controls hydrated. */
async function chartSettled(page: Page, expected = "") {
  await page.waitForFunction(
    (want) => {
      const panel = document.querySelector<HTMLElement>('[data-testid="chart-panel"]');
      // The panel renders the state of the current URL, and shows the data that state asks for.
      // Its code loads after the page's first scripts: a click before it has hydrated is lost.
      return (
        !!panel && panel.dataset.interactive === "true" && panel.dataset.query === location.search.slice(1) && panel.dataset.want === panel.dataset.shown && (panel.dataset.want ?? "").includes(want)
      );
    },
    expected,
    { timeout: 20_000 },
  );
}

/** Does something that changes the chart's URL, then waits for the chart of the new URL. */
async function act(page: Page, action: () => Promise<unknown>, expected = "") {
  const before = page.url();
  await action();
  await page.waitForURL((u) => u.href !== before);
  await chartSettled(page, expected);
}

async function tableOf(page: Page, testId: string) {
  await page.getByTestId(testId).first().waitFor({ state: "attached" });
  return page.evaluate((id) => {
    const table = document.querySelector(`[data-testid="${id}"]`)!;
    const headers = [...table.querySelectorAll("thead th")].map((th) => th.textContent ?? "");
    const rows = [...table.querySelectorAll("tbody tr")].map((tr) => ({
      date: tr.querySelector("time")?.getAttribute("datetime") ?? "",
      values: [...tr.querySelectorAll("td")].map((td) => td.textContent ?? ""),
    }));
    return { headers, rows };
  }, testId);
}

/** The last day of last month, the last whole month of the test data (last month and this one so far). */
const lastMonthsEnd = () => siteDay(-Number(siteDay().slice(8, 10)));

/** A number as the en-GB table shows it ("1,234.5"), or null for the no-data dash. */
const tableNumber = (text: string) => (text.trim() === "–" ? null : Number(text.replace(/,/g, "")));

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        field += ch;
      }
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else {
      field += ch;
    }
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/**
 * axe over the page. The shared header is left out here: its language and account buttons are
 * the shell's and are checked with it.
 */
const axeNoHeader = (page: Page) => axe(page).exclude("header").analyze();

/** Opens the custom period's calendar: a dialog named by its field. */
async function openCalendar(page: Page) {
  await page.getByTestId("custom-range").click();
  const calendar = page.getByRole("dialog", { name: "Dates" });
  await calendar.locator("table").first().waitFor();
  await transitionsDone(page, calendar);
  return calendar;
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label, exact: true }).selectOption({ label: option });
}

/** The options a select offers, as their texts. */
const optionsOf = (page: Page, label: string) => page.getByRole("combobox", { name: label, exact: true }).locator("option").allTextContents();

describe("dashboard", () => {
  it("shows this month's consumption and production, the spot price, costs and the metering points of a solar household", async () => {
    const { context, page } = await signedIn("solar-household", "/en/dashboard");
    await dashboardShown(page);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Overview");
    const period = page.getByTestId("card-period");
    await expect(period.getByTestId("consumption-electricity").textContent()).resolves.toMatch(/Consumption[\d,.]+ kWh/);
    await expect(period.getByTestId("production-electricity").textContent()).resolves.toMatch(/Production([\d,.]+ kWh|No readings yet)/);
    expect((await tableOf(page, "period-table")).headers).toEqual(["Time", "Consumption (kWh)", "Production (kWh)"]);

    const spot = page.getByTestId("card-spot");
    await expect(spot.getByTestId("spot-now").textContent()).resolves.toMatch(/Now, \d\d:\d\d–\d\d:\d\d-?[\d,.]+ c\/kWhIncluding VAT 25.5%/);
    const spotRows = await tableOf(page, "spot-table");
    expect([92, 96, 100]).toContain(spotRows.rows.length);
    await expect(spot.getByTestId("spot-cheapest").locator("li").count()).resolves.toBe(3);
    await spot.locator('[data-chart="mark"]').first().waitFor({ state: "attached" });

    await expect(page.getByTestId("card-estimate").getByTestId("estimate-total").textContent()).resolves.toMatch(/^€[\d,.]+$/);
    await expect(page.getByTestId("card-expenses").getByTestId("expenses-total").textContent()).resolves.toMatch(/^€[\d,.]+$/);
    expect((await tableOf(page, "expenses-table")).headers).toEqual(["Time", "Electricity (€)"]);

    const own = pointsOf("solar-household");
    const cards = page.getByTestId("card-locations").getByTestId("metering-point");
    await expect(cards.count()).resolves.toBe(own.length);
    for (const p of own) {
      const card = cards.filter({ hasText: p.gsrn });
      await expect(card.textContent()).resolves.toContain("Electricity");
      await expect(card.textContent()).resolves.toContain("Usage point");
      await expect(card.getByRole("link").getAttribute("href")).resolves.toBe(`/en/charts?gsrn=${p.gsrn}`);
    }
    await context.close();
  });

  it("shows an apartment's electricity without production, and its district heat", async () => {
    const { context, page } = await signedIn("apartment", "/en/dashboard");
    await dashboardShown(page);
    const own = pointsOf("apartment");
    expect(own.map((p) => p.energyKind).sort()).toEqual(["electricity", "heating"]);
    await expect(page.getByTestId("consumption-electricity").count()).resolves.toBe(1);
    await expect(page.getByTestId("consumption-heating").count()).resolves.toBe(1);
    await expect(page.getByTestId("production-electricity").count()).resolves.toBe(0);
    expect((await tableOf(page, "expenses-table")).headers).toEqual(["Time", "Electricity (€)", "District heating (€)"]);
    const heat = page.getByTestId("metering-point").filter({ hasText: own.find((p) => p.energyKind === "heating")!.gsrn });
    await expect(heat.textContent()).resolves.toContain("District heating");
    await context.close();
  });

  it("shows an empty state to a new customer without metering data", async () => {
    const { context, page } = await signedIn("new-customer", "/en/dashboard");
    await dashboardShown(page);
    await expect(page.getByTestId("dashboard-empty").textContent()).resolves.toContain("No metering data yet");
    await expect(page.getByTestId("card-period").count()).resolves.toBe(0);
    await expect(page.getByTestId("card-expenses").count()).resolves.toBe(0);
    await expect(page.getByTestId("card-locations").textContent()).resolves.toContain("No metering points yet.");
    await page.getByTestId("card-spot").waitFor();

    await page.goto(siteUrl(HOST, "/en/charts"));
    await expect(page.getByTestId("charts-empty").textContent()).resolves.toContain("No metering points yet");
    await chartSettled(page, "series%5B%5D=price");
    await context.close();
  });

  it("draws the dashboard's charts on the screen at once, and those below it once the page scrolls near them", async () => {
    const { context, page } = await signedIn("solar-household", "/en/dashboard", { mobile: true });
    await dashboardShown(page);
    const height = page.viewportSize()!.height;
    const period = page.getByTestId("card-period");
    const expenses = page.getByTestId("card-expenses");
    const plotTop = async (card: typeof period) => (await card.getByRole("img").first().boundingBox())!.y;
    // Both charts start under a phone's first screen: neither is loaded nor drawn while the page opens.
    expect(await plotTop(period)).toBeGreaterThan(height);
    expect(await happensWithin(1000, (timeout) => period.locator('[data-chart="surface"]').waitFor({ timeout }))).toBe(false);
    // A little scrolling brings the first one near the screen; the one far below waits.
    await page.evaluate(() => window.scrollBy(0, 100));
    await period.locator('[data-chart="surface"]').waitFor();
    expect((await plotTop(expenses)) - height).toBeGreaterThan(300);
    expect(await happensWithin(1000, (timeout) => expenses.locator('[data-chart="surface"]').waitFor({ timeout }))).toBe(false);
    await expenses.scrollIntoViewIfNeeded();
    await expenses.locator('[data-chart="surface"]').waitFor();
    await context.close();
  });

  it("marks every text of the pseudo-locale dashboard and charts as translated", async () => {
    const { context, page } = await signedIn("solar-household", "/xa/dashboard");
    for (const path of ["/xa/dashboard", "/xa/charts?overlay=price&compare=1&unit=money"]) {
      await page.goto(siteUrl(HOST, path));
      await page.locator('[data-chart="surface"]').first().waitFor();
      expect(await unmarkedTexts(page), path).toEqual([]);
    }
    await context.close();
  });
});

/** Texts in the page's main part that are not pseudo-translated: hard-coded strings. Dates, numbers, names and user content are data. */
async function unmarkedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skip = (el: Element | null) => !!el?.closest('time, [translate="no"], [data-user-content], script, style, [data-chart$="-axis"]');
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.querySelector("main")!, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (!skip(n.parentElement)) texts.push(n.textContent ?? "");
    for (const el of document.querySelectorAll("main [aria-label]")) if (!skip(el)) texts.push(el.getAttribute("aria-label") ?? "");
    const strip = (s: string) => {
      let prev = "";
      while (s !== prev) {
        prev = s;
        s = s.replace(/⟦[^⟦⟧]*⟧/g, "");
      }
      return s;
    };
    return texts.filter((t) => /[A-Za-z]/.test(strip(t)));
  });
}

describe("charts", () => {
  it("changes range and resolution, steps through periods, and keeps the state in the URL", async () => {
    const { context, page } = await signedIn("solar-household", "/en/charts");
    await chartSettled(page, "resolution=day");
    let url = new URL(page.url());
    expect(url.searchParams.get("range")).toBe("month");
    expect(url.searchParams.get("series")).toBe("consumption");
    const month = await tableOf(page, "chart-table");
    expect(month.headers).toEqual(["Time", "Consumption (kWh)"]);
    expect(month.rows.length).toBeGreaterThan(0);
    expect(month.rows[0].date).toMatch(/-01T00:00:00\+0[23]:00$/);

    await page.getByTestId("range-control").getByText("Week", { exact: true }).click();
    await page.waitForURL(/range=week/);
    await chartSettled(page, "resolution=60");
    const currentTitle = await page.getByTestId("period-title").textContent();
    expect(currentTitle).toMatch(/^Week \d+: \d\d\.\d\d\.\d{4}–\d\d\.\d\d\.\d{4}$/);
    await expect(page.getByTestId("next-period").isDisabled()).resolves.toBe(true);
    // Last week is whole (this one may have just begun): 7 × 24 hours (a DST week one more or fewer).
    await act(page, () => page.getByTestId("previous-period").click(), "resolution=60");
    const weekTitle = await page.getByTestId("period-title").textContent();
    expect(weekTitle).not.toBe(currentTitle);
    const hourly = await tableOf(page, "chart-table");
    expect([7 * 24 - 1, 7 * 24, 7 * 24 + 1]).toContain(hourly.rows.length);
    // Axis labels of a week are days (spec §9: up to 31 days DD.MM).
    await expect(page.locator('[data-chart="x-tick"]').first().textContent()).resolves.toMatch(/^\d\d\.\d\d$/);

    // Only resolutions that fit the range and the meters are offered; the solar household has 5-minute data.
    await expect(optionsOf(page, "Resolution")).resolves.toEqual(["5 minutes", "15 minutes", "Hour", "Day"]);
    await chooseOption(page, "Resolution", "15 minutes");
    await page.waitForURL(/res=15/);
    await chartSettled(page, "resolution=15");
    // A whole past week of quarter hours (a DST week has four more or fewer).
    expect([7 * 96 - 4, 7 * 96, 7 * 96 + 4]).toContain((await tableOf(page, "chart-table")).rows.length);
    await expect(page.getByTestId("period-title").textContent()).resolves.toBe(weekTitle);

    await act(page, () => page.getByTestId("next-period").click(), "resolution=15");
    await expect(page.getByTestId("period-title").textContent()).resolves.toBe(currentTitle);
    await expect(page.getByTestId("next-period").isDisabled()).resolves.toBe(true);
    await act(page, () => page.goBack(), "resolution=15");
    await expect(page.getByTestId("period-title").textContent()).resolves.toBe(weekTitle);
    await page.reload();
    await chartSettled(page, "resolution=15");
    url = new URL(page.url());
    expect([url.searchParams.get("range"), url.searchParams.get("res")]).toEqual(["week", "15"]);
    await expect(page.getByTestId("period-title").textContent()).resolves.toBe(weekTitle);

    await act(page, () => page.getByTestId("range-control").getByText("Day", { exact: true }).click(), "resolution=15");
    // A day of 15-minute buckets is labelled on the hour (spec §9: 1 day HH:00).
    await expect(page.locator('[data-chart="x-tick"]').first().textContent()).resolves.toMatch(/^\d\d:00$/);
    await act(page, () => page.getByTestId("range-control").getByText("Year", { exact: true }).click(), "resolution=month");
    const year = await tableOf(page, "chart-table");
    expect(year.rows.every((r) => /-01T00:00:00\+0[23]:00$/.test(r.date))).toBe(true);

    // A custom period of seven whole days, by the hour.
    const dmy = (d: string) => d.split("-").reverse().join(".");
    await page.goto(siteUrl(HOST, `/en/charts?range=custom&from=${siteDay(-9)}&to=${siteDay(-3)}`));
    await chartSettled(page, "resolution=60");
    await expect(page.getByTestId("period-title").textContent()).resolves.toBe(`${dmy(siteDay(-9))}–${dmy(siteDay(-3))}`);
    await expect(page.getByTestId("custom-range").textContent()).resolves.toContain(dmy(siteDay(-9)));
    expect([7 * 24 - 1, 7 * 24, 7 * 24 + 1]).toContain((await tableOf(page, "chart-table")).rows.length);
    // Its calendar opens on the first day's month with only that month's own days: the neighbouring
    // months' days would be dimmed below the contrast minimum (axe runs on it under "accessibility").
    const calendar = await openCalendar(page);
    await expect(calendar.locator("table button:visible").count()).resolves.toBe(daysInMonth(siteDay(-9)));
    await page.keyboard.press("Escape");
    await context.close();
  });

  it("compares with the same period a year earlier and switches between kWh and money", async () => {
    const { context, page } = await signedIn("solar-household", "/en/charts");
    await chartSettled(page);
    await expect(page.getByTestId("chart-legend").locator("li").count()).resolves.toBe(1);
    await chooseOption(page, "Compare with", "The same period a year earlier");
    await page.waitForURL(/compare=1/);
    await chartSettled(page, "series%5B%5D=1");
    await expect(page.getByTestId("chart-legend").locator("li").allTextContents()).resolves.toEqual(["Consumption", "Consumption, a year earlier"]);
    const compared = await tableOf(page, "chart-table");
    expect(compared.headers).toEqual(["Time", "Consumption (kWh)", "Consumption, a year earlier (kWh)"]);
    expect(compared.rows.every((r) => r.values.length === 2)).toBe(true);

    await expect(page.getByTestId("axis-unit-left").textContent()).resolves.toBe("kWh");
    await page.getByTestId("unit-toggle").getByText("Euros (€)").click();
    await page.waitForURL(/unit=money/);
    await chartSettled(page, "unit=money");
    await expect(page.getByTestId("axis-unit-left").textContent()).resolves.toBe("€");
    const money = await tableOf(page, "chart-table");
    expect(money.headers).toEqual(["Time", "Cost (€)", "Cost, a year earlier (€)"]);
    for (const r of money.rows) if (r.values[0] !== "–") expect(r.values[0]).toMatch(/^-?[\d,]+\.\d\d$/);
    await expect(page.getByText("Costs and prices include VAT.", { exact: false }).count()).resolves.toBe(1);

    await page.getByTestId("unit-toggle").getByText("kWh").click();
    await page.waitForURL((u) => !u.searchParams.has("unit"));
    await chartSettled(page, "series%5B%5D=1");
    await expect(page.getByTestId("axis-unit-left").textContent()).resolves.toBe("kWh");
    await context.close();
  });

  it("downloads exactly the numbers the chart shows as CSV", async () => {
    // Seven whole days that ended before the demo data was loaded, so every hour has its price and
    // temperature even when the run has passed midnight since.
    const { context, page } = await signedIn("solar-household", `/en/charts?range=custom&from=${siteDay(-9)}&to=${siteDay(-3)}&res=60&overlay=price&overlay=temperature&compare=1`);
    await chartSettled(page, "resolution=60");
    await page.getByRole("button", { name: "Show as a table" }).click();
    const shown = await tableOf(page, "chart-table");
    expect(shown.headers).toEqual(["Time", "Consumption (kWh)", "Consumption, a year earlier (kWh)", "Spot price (c/kWh)", "Temperature (°C)"]);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-csv").click()]);
    expect(download.suggestedFilename()).toMatch(/^consumption_\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d\.csv$/);
    const text = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(["Start time", ...shown.headers.slice(1)]);
    expect(rows.length).toBe(shown.rows.length);
    rows.forEach((row, i) => {
      expect(row[0]).toBe(shown.rows[i].date);
      expect(row.slice(1).map((v) => (v === "" ? null : Number(v)))).toEqual(shown.rows[i].values.map(tableNumber));
    });
    expect(rows.length).toBeGreaterThanOrEqual(7 * 24 - 1);
    expect(rows.every((r) => r[3] !== "" && r[4] !== "")).toBe(true);
    await context.close();
  });

  it("labels the time axis of every range with labels that do not overlap, on a phone and a wide screen", async () => {
    // The chart keeps every n-th label, n worked out from the plot's width and the labels' length
    // (tickInterval in chart-data.ts): here the labels as drawn must not touch, and must not be thinned to one.
    // Within the test data's window: the whole of last month and this month so far.
    const lastMonthEnd = lastMonthsEnd();
    const lastMonthStart = `${lastMonthEnd.slice(0, 8)}01`;
    const queries = [
      `range=month&date=${lastMonthEnd}`,
      `range=day&date=${siteDay(-2)}&res=15`,
      `range=week&date=${siteDay(-9)}&res=60`,
      `range=custom&from=${lastMonthStart}&to=${siteDay(-1)}&res=day`,
      `range=custom&from=${lastMonthStart}&to=${siteDay(-1)}&res=60`,
    ];
    for (const mobile of [true, false]) {
      const { context, page } = await signedIn("solar-household", `/en/charts?${queries[0]}`, { mobile });
      for (const query of queries) {
        await page.goto(siteUrl(HOST, `/en/charts?${query}`));
        await chartSettled(page);
        // A chart is drawn once it comes near the screen (chart-frame.tsx).
        await page.getByTestId("energy-chart").scrollIntoViewIfNeeded();
        const labels = page.locator('[data-testid="energy-chart"] [data-chart="x-tick"]');
        await labels.first().waitFor();
        const boxes = await labels.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })));
        expect(boxes.length, `${query}, ${mobile ? "phone" : "wide"}`).toBeGreaterThan(1);
        for (let i = 1; i < boxes.length; i++) expect(boxes[i].left, `${query}, ${mobile ? "phone" : "wide"}, label ${i}`).toBeGreaterThan(boxes[i - 1].right);
      }
      await context.close();
    }
  });

  it("shows the time and values of the bucket under the pointer, as the table gives them", async () => {
    const lastMonthEnd = lastMonthsEnd();
    for (const mobile of [false, true]) {
      const { context, page } = await signedIn("solar-household", `/en/charts?range=month&date=${lastMonthEnd}&compare=1`, { mobile });
      await chartSettled(page);
      const chart = page.getByTestId("energy-chart");
      await chart.scrollIntoViewIfNeeded();
      const surface = chart.locator('[data-chart="surface"]');
      await surface.waitFor();
      const rows = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="chart-table"] tbody tr')].map((tr) => ({ time: tr.querySelector("th")!.textContent!, value: tr.querySelector("td")!.textContent! })),
      );
      expect(rows.length).toBeGreaterThan(27);
      const tooltip = chart.locator('[data-chart="tooltip"]');
      const box = (await surface.boundingBox())!;
      const shownAt = async (fraction: number) => {
        await page.mouse.move(box.x + box.width * fraction, box.y + box.height / 2);
        await tooltip.waitFor();
        // Beside the bucket and inside the chart, also on a phone's narrow one.
        const [tip, chartBox] = [(await tooltip.boundingBox())!, (await chart.boundingBox())!];
        expect(tip.x).toBeGreaterThanOrEqual(chartBox.x);
        expect(tip.x + tip.width).toBeLessThanOrEqual(chartBox.x + chartBox.width + 1);
        const text = (await tooltip.textContent())!;
        const index = rows.findIndex((r) => text.startsWith(r.time));
        expect(index, text).toBeGreaterThanOrEqual(0);
        expect(text).toContain(`Consumption: ${rows[index].value === "–" ? "–" : `${rows[index].value} kWh`}`);
        return index;
      };
      // Further right is later in the month: the first days near the left, the last near the right.
      const early = await shownAt(0.25);
      const late = await shownAt(0.9);
      expect(late).toBeGreaterThan(early);
      expect(early).toBeLessThan(rows.length / 2);
      expect(late).toBeGreaterThan(rows.length / 2);
      // Off the chart, the tooltip goes.
      await page.mouse.move(box.x + box.width / 2, box.y + box.height + 150);
      await tooltip.waitFor({ state: "detached" });
      await context.close();
    }
  });

  it("puts the chart before its settings on a phone, and beside them on a wide screen", async () => {
    for (const mobile of [true, false]) {
      const { context, page } = await signedIn("solar-household", "/en/charts", { mobile });
      await chartSettled(page);
      const chart = (await page.getByTestId("chart-panel").boundingBox())!;
      const settings = (await page.getByRole("region", { name: "What to show" }).boundingBox())!;
      if (mobile) expect(settings.y).toBeGreaterThanOrEqual(chart.y + chart.height);
      else expect(settings.x).toBeGreaterThanOrEqual(chart.x + chart.width);
      await context.close();
    }
  });

  it("offers an apartment its district heat, without production series", async () => {
    const { context, page } = await signedIn("apartment", "/en/charts");
    await chartSettled(page);
    await expect(optionsOf(page, "Data")).resolves.toEqual(["Consumption", "Spot price", "Temperature"]);
    const heat = pointsOf("apartment").find((p) => p.energyKind === "heating")!;
    await page.goto(siteUrl(HOST, `/en/charts?gsrn=${heat.gsrn}`));
    await chartSettled(page, heat.gsrn);
    await expect(optionsOf(page, "Data")).resolves.toEqual(["Consumption", "Temperature"]);
    await context.close();
  });
});

describe("a person with no customer account to act for", () => {
  it("sees on the dashboard and the charts why there is nothing to show, and the way home", async () => {
    // Customer service before opening a customer.
    const { context, page } = await signedIn("customer-service", "/en");
    for (const [path, heading] of [
      ["/en/dashboard", "Overview"],
      ["/en/charts", "Consumption"],
    ] as const) {
      await page.goto(siteUrl(HOST, path));
      await page.getByRole("heading", { level: 2, name: "No customer account chosen" }).waitFor();
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(heading);
      await expect(page.locator('[data-chart="surface"]').count()).resolves.toBe(0);
      expect((await axeNoHeader(page)).violations).toEqual([]);
    }
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await page.waitForURL((u) => u.pathname === "/en");
    await context.close();
  });
});

describe("accessibility", () => {
  for (const dark of [false, true]) {
    for (const mobile of [false, true]) {
      it(`has no axe violations on the dashboard and charts (${dark ? "dark" : "light"}, ${mobile ? "phone" : "desktop"})`, async () => {
        const { context, page } = await signedIn("solar-household", "/en/dashboard", { dark, mobile });
        await expect(page.locator("html").getAttribute("data-mantine-color-scheme")).resolves.toBe(dark ? "dark" : "light");
        // On a phone the first chart is under the first screen, and drawn as the page scrolls to it.
        if (mobile) await page.getByTestId("card-period").getByRole("img").first().scrollIntoViewIfNeeded();
        await page.locator('[data-chart="surface"]').first().waitFor();
        expect((await axeNoHeader(page)).violations).toEqual([]);
        await page.goto(siteUrl(HOST, "/en/charts?overlay=price"));
        await chartSettled(page);
        const surface = page.locator('[data-chart="surface"]').first();
        await surface.scrollIntoViewIfNeeded();
        // With a bucket's tooltip open.
        const plot = (await surface.boundingBox())!;
        await page.mouse.move(plot.x + plot.width * 0.6, plot.y + plot.height / 2);
        await page.locator('[data-chart="tooltip"]').waitFor();
        expect((await axeNoHeader(page)).violations).toEqual([]);
        await page.getByRole("button", { name: "Show as a table" }).click();
        expect((await axeNoHeader(page)).violations).toEqual([]);
        // A custom period, with its calendar open.
        await page.goto(siteUrl(HOST, `/en/charts?range=custom&from=${siteDay(-9)}&to=${siteDay(-3)}`));
        await chartSettled(page, "resolution=60");
        await openCalendar(page);
        expect((await axe(page).include("[data-dates-dropdown]").analyze()).violations).toEqual([]);
        await context.close();
      });
    }
  }
});
