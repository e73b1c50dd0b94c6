import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { daysInMonth, siteUrl, transitionsDone } from "./helpers";
import { DESKTOP, axeEverywhere, expectAxeClean, setScheme, signedInAt } from "./page-checks";

const HOST = "aurora.localhost";
const PDFTOPPM = "/usr/bin/pdftoppm";

interface Summary {
  invoiceNumber: string;
  status: "paid" | "unpaid" | "cancelled";
  state: string;
  type: "Regular" | "E-Invoice";
  overdue: boolean;
  dueDate: string;
  totalCents: number;
  canPay: boolean;
}

let browser: Browser;
let tmp: string;
beforeAll(async () => {
  browser = await launchBrowser();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "invoices-e2e-"));
});
afterAll(async () => {
  await browser?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const signedIn = (persona: string, opts: { mobile?: boolean; path?: string } = {}) => signedInAt(browser, HOST, `aurora-${persona}`, opts.path ?? "/en/invoices", opts);

/** Axe in light and dark, on a desktop and a phone-sized window, and nothing wider than the window. */
async function expectAxeEverywhere(context: BrowserContext, page: Page, url: string, label: string) {
  expect(await axeEverywhere(context, page, HOST, [{ path: url, label }], [DESKTOP, { width: 390, height: 844 }])).toEqual([]);
}

/** Calls the API from the page, as the page's own scripts would (same origin, session cookie). */
async function apiCall<T>(page: Page, url: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const res = await page.evaluate(
    async ({ url, method, body }) => {
      const r = await fetch(url, {
        method,
        credentials: "same-origin",
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: r.status, text: await r.text() };
    },
    { url, method: init.method ?? "GET", body: init.body },
  );
  return { status: res.status, body: (res.text ? JSON.parse(res.text) : null) as T };
}

async function apiGet<T>(page: Page, url: string): Promise<T> {
  const res = await apiCall<T>(page, url);
  expect(res.status, url).toBe(200);
  return res.body;
}

async function listInvoices(page: Page): Promise<Summary[]> {
  return (await apiGet<{ invoices: Summary[] }>(page, "/api/invoices")).invoices;
}

/** "€1,234.56" (en-GB) → 123456 */
function centsOf(text: string): number {
  return Math.round(Number(text.replace(/[^0-9.-]/g, "")) * 100);
}

const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** The calendar's name of a day button: "4 December 2026". */
const dayLabel = (iso: string) => `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;

/** Splits one CSV line (RFC 4180 quoting). */
function csvCells(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/** The invoice's pay form once hydrated (it marks itself data-interactive): a click before then is lost. */
async function payForm(page: Page) {
  const pay = page.locator('[data-testid="pay-invoice"][data-interactive]');
  await pay.waitFor();
  return pay;
}

describe("invoice list", () => {
  it("shows the customer's invoices newest first, filters by payment state and type in the URL, and marks overdue ones in words", async () => {
    const { context, page } = await signedIn("solar-household");
    const all = await listInvoices(page);
    expect(all.length).toBeGreaterThan(0);
    await page.getByRole("heading", { level: 1, name: "Invoices" }).waitFor({ state: "visible" });

    const rows = page.getByTestId("invoice-row");
    expect(await rows.count()).toBe(all.length);
    const numbers = await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-invoice")));
    expect(numbers).toEqual(all.map((i) => i.invoiceNumber));
    const first = rows.first();
    await expect(first.textContent()).resolves.toContain(ddmmyyyy(all[0].dueDate));
    // The amount in the locale's money format.
    await expect(first.textContent()).resolves.toContain(new Intl.NumberFormat("en-GB", { style: "currency", currency: "EUR" }).format(all[0].totalCents / 100));
    for (const row of await rows.all()) {
      if ((await row.getAttribute("data-state")) === "overdue") await expect(row.textContent()).resolves.toMatch(/overdue/i);
    }

    const filters = page.getByTestId("invoice-filters");
    const paid = all.filter((i) => i.status === "paid");
    await filters.getByText("Paid", { exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get("status") === "paid");
    if (paid.length) {
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="invoice-row"]').length === n, paid.length);
      const paidStates = await page.getByTestId("invoice-row").evaluateAll((els) => els.map((e) => e.getAttribute("data-state")));
      expect(new Set(paidStates)).toEqual(new Set(["paid"]));
    } else {
      await expect(page.getByTestId("invoices-empty").textContent()).resolves.toContain("No matching invoices");
    }

    await filters.getByText("Unpaid", { exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get("status") === "unpaid");
    const unpaid = all.filter((i) => i.status === "unpaid");
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="invoice-row"]').length === n, unpaid.length);
    const unpaidStates = await page.getByTestId("invoice-row").evaluateAll((els) => els.map((e) => e.getAttribute("data-state")));
    expect(unpaidStates.every((st) => st === "open" || st === "overdue" || st === "outsourced")).toBe(true);
    await expect(page.getByTestId("invoice-summary").textContent()).resolves.toContain(
      new Intl.NumberFormat("en-GB", { style: "currency", currency: "EUR" }).format(unpaid.filter((i) => i.canPay).reduce((s, i) => s + i.totalCents, 0) / 100),
    );

    // Type filter, from the URL (a reload keeps it).
    const eInvoices = all.filter((i) => i.type === "E-Invoice" && i.status === "unpaid").length;
    await page.goto(siteUrl(HOST, "/en/invoices?status=unpaid&type=E-Invoice"));
    await expect(page.getByRole("radio", { name: "E-invoice" }).isChecked()).resolves.toBe(true);
    if (eInvoices) expect(await page.getByTestId("invoice-row").count()).toBe(eInvoices);
    else {
      await expect(page.getByTestId("invoices-empty").textContent()).resolves.toContain("No matching invoices");
      await page.getByRole("link", { name: "Show all invoices" }).click();
      await page.waitForURL((u) => u.pathname === "/en/invoices" && !u.search);
    }
    await context.close();
  });

  it("shows cards instead of a table on a phone", async () => {
    const { context, page } = await signedIn("solar-household", { mobile: true });
    // The list streams in after the shell: wait for it before asking what is hidden.
    await page.getByTestId("invoice-cards").waitFor({ state: "visible" });
    await expect(page.getByTestId("invoice-table").isVisible()).resolves.toBe(false);
    const all = await listInvoices(page);
    expect(await page.getByTestId("invoice-card").count()).toBe(all.length);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await context.close();
  });

  it("shows an empty state to a customer without invoices", async () => {
    const { context, page } = await signedIn("new-customer");
    await expect(page.getByTestId("invoices-empty").textContent()).resolves.toContain("No invoices yet");
    await expectAxeClean(page, "empty list");
    await context.close();
  });

  it("has no unmarked text in the pseudo-locale", async () => {
    const { context, page } = await signedIn("solar-household", { path: "/xa/invoices" });
    const all = await listInvoices(page);
    const leftover = async () =>
      page.evaluate(() => {
        let text = (document.querySelector("main") as HTMLElement).innerText;
        // Translated messages are bracketed, and may hold other translated messages: strip from the inside out.
        for (let before = ""; before !== text;) {
          before = text;
          text = text.replace(/⟦[^⟦⟧]*⟧/g, " ");
        }
        return text;
      });
    const list = await leftover();
    expect(list.match(/\p{L}+/gu) ?? []).toEqual([]);

    const n = all.find((i) => i.canPay)?.invoiceNumber ?? all[0].invoiceNumber;
    await page.goto(siteUrl(HOST, `/xa/invoices/${n}`));
    await page.getByTestId("invoice-breakdown").waitFor();
    const detail = await apiGet<{
      supplier: { name: string; registryCode: string | null; vatNumber: string | null };
      meteringPoints: { address: string }[];
      lines: { productName: string | null; gsrn: string | null }[];
      paymentInstructions: {
        recipient: string;
        iban: string | null;
        bic: string | null;
        bankName: string | null;
        reference: string;
        referenceFormatted: string;
        rfReference: string | null;
        virtualBarcode: string | null;
      };
    }>(page, `/api/invoices/${n}`);
    const banks = (await apiGet<{ banks: { name: string }[] }>(page, "/api/banks?type=BANK_LINK")).banks;
    // Data is not translated: names, addresses, account numbers and references.
    const data = [
      detail.supplier.name,
      detail.supplier.registryCode,
      detail.supplier.vatNumber,
      ...detail.meteringPoints.map((m) => m.address),
      ...detail.lines.map((l) => l.productName),
      detail.paymentInstructions.recipient,
      detail.paymentInstructions.iban?.replace(/(.{4})/g, "$1 ").trim(),
      detail.paymentInstructions.bic,
      detail.paymentInstructions.bankName,
      detail.paymentInstructions.referenceFormatted,
      detail.paymentInstructions.rfReference,
      ...banks.map((b) => b.name),
    ].filter((s): s is string => !!s);
    let rest = await leftover();
    for (const d of data.sort((a, b) => b.length - a.length)) rest = rest.split(d).join(" ");
    expect(rest.match(/\p{L}+/gu) ?? []).toEqual([]);
    await context.close();
  });
});

describe("invoice detail", { timeout: 120_000 }, () => {
  it("explains the invoice, downloads the PDF and the CSV whose lines add up to the total shown", async () => {
    const { context, page } = await signedIn("solar-household");
    const all = await listInvoices(page);
    const target = all[0];
    await page.getByTestId("invoice-row").first().getByRole("link").click();
    await page.waitForURL((u) => u.pathname === `/en/invoices/${target.invoiceNumber}`);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(`Invoice ${target.invoiceNumber}`);
    for (const heading of ["What this invoice is for", "Payment details for a bank transfer", "Compared with a year earlier"]) {
      await expect(page.getByRole("heading", { name: heading }).isVisible(), heading).resolves.toBe(true);
    }
    expect(await page.getByTestId("metering-point").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("invoice-line").count()).toBeGreaterThan(0);
    const shownTotal = centsOf((await page.getByTestId("invoice-total").textContent())!);
    expect(shownTotal).toBe(target.totalCents);
    await expect(page.getByTestId("invoice-due-date").textContent()).resolves.toBe(ddmmyyyy(target.dueDate));
    const detail = await apiGet<{ referenceNumber: string; lines: unknown[] }>(page, `/api/invoices/${target.invoiceNumber}`);
    await expect(page.getByTestId("reference-number").textContent()).resolves.toContain(detail.referenceNumber.slice(-4));

    const [pdf] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download PDF" }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const pdfPath = path.join(tmp, pdf.suggestedFilename());
    await pdf.saveAs(pdfPath);
    expect(fs.readFileSync(pdfPath).subarray(0, 5).toString()).toBe("%PDF-");
    execFileSync(PDFTOPPM, ["-png", "-r", "40", "-f", "1", "-l", "1", pdfPath, path.join(tmp, "page")]);
    const png = fs.readdirSync(tmp).find((f) => f.startsWith("page") && f.endsWith(".png"));
    expect(png).toBeDefined();
    const image = fs.readFileSync(path.join(tmp, png!));
    expect(image.subarray(1, 4).toString()).toBe("PNG");
    expect(image.length).toBeGreaterThan(2000);
    // Not a blank page: the PNG holds more than one colour (a blank page compresses to almost nothing).
    const width = image.readUInt32BE(16);
    const height = image.readUInt32BE(20);
    expect(width * height).toBeGreaterThan(100_000);

    const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
    expect(csv.suggestedFilename()).toBe(`invoice-${target.invoiceNumber}.csv`);
    const csvPath = path.join(tmp, csv.suggestedFilename());
    await csv.saveAs(csvPath);
    const lines = fs.readFileSync(csvPath, "utf8").trim().split(/\r\n/);
    const header = csvCells(lines[0]);
    const totalColumn = header.indexOf("total_amount");
    expect(totalColumn).toBeGreaterThan(-1);
    const rows = lines.slice(1).map(csvCells);
    expect(rows.length).toBe(detail.lines.length);
    const sum = rows.reduce((s, r) => s + Math.round(Number(r[totalColumn]) * 100), 0);
    expect(sum).toBe(shownTotal);
    await context.close();
  });

  it("shows the postpone modal without axe violations in dark, on a phone", async () => {
    const { context, page } = await signedIn("apartment", { mobile: true });
    await setScheme(context, HOST, "dark");
    const target = (await listInvoices(page)).find((i) => i.canPay && !i.overdue)!;
    await page.goto(siteUrl(HOST, `/en/invoices/${target.invoiceNumber}`));
    await page.waitForFunction(() => document.documentElement.getAttribute("data-mantine-color-scheme") === "dark");
    await page.getByRole("button", { name: "Postpone due date" }).click();
    const dialog = page.getByRole("dialog", { name: "Postpone the due date" });
    await dialog.waitFor();
    await transitionsDone(page, dialog);
    await expectAxeClean(page, "postpone modal, dark, phone");
    await context.close();
  });

  it("postpones the due date within the allowed dates, and shows a refused date on the field", async () => {
    const { context, page } = await signedIn("apartment");
    const all = await listInvoices(page);
    const target = all.find((i) => i.canPay && !i.overdue)!;
    expect(target).toBeDefined();
    await page.goto(siteUrl(HOST, `/en/invoices/${target.invoiceNumber}`));
    type Detail = { dueDate: string; totalCents: number; postpone: { allowed: boolean; minDate: string; maxDate: string; feeCents: number } };
    const before = await apiGet<Detail>(page, `/api/invoices/${target.invoiceNumber}`);
    expect(before.postpone.allowed).toBe(true);

    await page.getByRole("button", { name: "Postpone due date" }).click();
    const dialog = page.getByRole("dialog", { name: "Postpone the due date" });
    await dialog.waitFor();
    await transitionsDone(page, dialog); // the modal's fade-in
    await expectAxeClean(page, "postpone modal");
    const field = dialog.getByRole("group", { name: "New due date" });
    // The calendar opens on the first allowed day's month and shows only that month's own days:
    // the neighbouring months' days would be dimmed below the contrast minimum when choosable.
    await expect(field.locator("table button:visible").count()).resolves.toBe(daysInMonth(before.postpone.minDate));
    // Days outside the allowed dates cannot be chosen.
    const currentDue = field.getByRole("button", { name: dayLabel(before.dueDate), exact: true });
    if (await currentDue.count()) await expect(currentDue.first().isDisabled()).resolves.toBe(true);
    await field.getByRole("button", { name: dayLabel(before.postpone.minDate), exact: true }).click();
    await expect(dialog.getByTestId("postpone-chosen").textContent()).resolves.toContain(ddmmyyyy(before.postpone.minDate));
    await dialog.getByRole("button", { name: "Postpone", exact: true }).click();
    await page.waitForFunction((date) => document.querySelector('[data-testid="invoice-due-date"]')?.textContent === date, ddmmyyyy(before.postpone.minDate));
    await expect(page.getByTestId("invoice-original-due-date").textContent()).resolves.toContain(ddmmyyyy(before.dueDate));
    const after = await apiGet<Detail>(page, `/api/invoices/${target.invoiceNumber}`);
    expect(after.dueDate).toBe(before.postpone.minDate);
    // A site fee, if any, is on the invoice now and in the total shown.
    expect(centsOf((await page.getByTestId("invoice-total").textContent())!)).toBe(after.totalCents);

    // The date chosen in the modal stops being allowed before it is sent (postponed elsewhere meanwhile).
    await page.getByRole("button", { name: "Postpone due date" }).click();
    await dialog.waitFor();
    await dialog
      .getByRole("group", { name: "New due date" })
      .getByRole("button", { name: dayLabel(after.postpone.minDate), exact: true })
      .click();
    const elsewhere = await apiCall(page, `/api/invoices/${target.invoiceNumber}/postpone`, { method: "PUT", body: { dueDate: after.postpone.maxDate } });
    expect(elsewhere.status).toBe(200);
    await dialog.getByRole("button", { name: "Postpone", exact: true }).click();
    await page.waitForFunction(() => document.querySelector('[role="dialog"] [role="group"][data-invalid="true"]') !== null);
    const describedBy = await dialog.getByRole("group", { name: "New due date" }).getAttribute("aria-describedby");
    expect(describedBy).toBeTruthy();
    const message = await page.evaluate(
      (ids) =>
        ids!
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent ?? "")
          .join(" "),
      describedBy,
    );
    expect(message).toMatch(/The new due date must be later than the current due date|extended as many times as allowed/);
    await context.close();
  });

  it("passes axe in light and dark, on a phone and a desktop", async () => {
    const { context, page } = await signedIn("solar-household");
    const all = await listInvoices(page);
    await expectAxeEverywhere(context, page, "/en/invoices", "list");
    await expectAxeEverywhere(context, page, `/en/invoices/${all[0].invoiceNumber}`, "detail");
    const paid = all.find((i) => i.status === "paid");
    if (paid) await expectAxeEverywhere(context, page, `/en/invoices/${paid.invoiceNumber}`, "paid detail");
    await page.goto(siteUrl(HOST, "/en/invoices/NO-SUCH-INVOICE"));
    await page.getByTestId("invoice-not-found").waitFor();
    await expectAxeClean(page, "not found");
    await context.close();
  }, 240_000);
});

describe("paying an invoice", { timeout: 120_000 }, () => {
  it("pays through the sandbox bank link to the confirmation page, and the invoice shows paid", async () => {
    const { context, page } = await signedIn("solar-household");
    const target = (await listInvoices(page)).find((i) => i.canPay)!;
    expect(target).toBeDefined();
    await page.goto(siteUrl(HOST, `/en/invoices/${target.invoiceNumber}`));
    const pay = await payForm(page);
    const banks = (await apiGet<{ banks: { bic: string; name: string }[] }>(page, "/api/banks?type=BANK_LINK")).banks;
    // Continuing without a bank asks for one.
    await pay.getByRole("button", { name: /^Pay / }).click();
    await pay.getByText("Choose your bank.").waitFor();
    await pay.getByRole("radio", { name: banks[0].name }).click();
    await pay.getByRole("button", { name: /^Pay / }).click();

    await page.waitForURL(/\/en\/sandbox\/payments\//, { timeout: 20_000 });
    const provider = page.getByTestId("sandbox-payment");
    await expect(page.getByTestId("sandbox-badge").textContent()).resolves.toBe("Test environment");
    expect(centsOf((await page.getByTestId("sandbox-amount").textContent())!)).toBe(target.totalCents);
    const { referenceNumber } = await apiGet<{ referenceNumber: string }>(page, `/api/invoices/${target.invoiceNumber}`);
    await expect(
      page
        .getByTestId("sandbox-reference")
        .textContent()
        .then((t) => t!.replace(/\s/g, "")),
    ).resolves.toBe(referenceNumber.replace(/\s/g, ""));
    await expect(page.getByTestId("sandbox-message").textContent()).resolves.toContain(target.invoiceNumber);
    await expect(provider.textContent()).resolves.toContain("Aurora Energia Oy");
    await expect(provider.getByRole("radio", { name: banks[0].name }).isChecked()).resolves.toBe(true);
    await expectAxeClean(page, "sandbox bank page light");
    await setScheme(context, HOST, "dark");
    await page.reload();
    await expectAxeClean(page, "sandbox bank page dark");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAxeClean(page, "sandbox bank page dark phone");
    await page.setViewportSize({ width: 1280, height: 900 });
    await setScheme(context, HOST, "light");
    await page.reload();

    await page.getByRole("button", { name: "Approve payment" }).click();
    await page.waitForURL((u) => u.pathname === `/en/invoices/${target.invoiceNumber}/confirmation`, { timeout: 30_000 });
    const confirmation = page.getByTestId("payment-confirmation");
    await expect(confirmation.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Payment received");
    expect(centsOf((await page.getByTestId("paid-amount").textContent())!)).toBe(target.totalCents);
    await expect(page.getByTestId("confirmation-invoice-state").textContent()).resolves.toBe("Paid");
    await expectAxeClean(page, "confirmation light");
    await setScheme(context, HOST, "dark");
    await page.reload();
    await expectAxeClean(page, "confirmation dark");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAxeClean(page, "confirmation dark phone");
    await page.setViewportSize({ width: 1280, height: 900 });
    await setScheme(context, HOST, "light");

    // Reloading the confirmation is safe, and the invoice is paid on its page and in the list.
    await page.reload();
    // The confirmation streams in after its loading placeholder.
    await page.getByTestId("payment-confirmation").waitFor();
    await page.getByRole("link", { name: "View the invoice" }).click();
    await page.waitForURL((u) => u.pathname === `/en/invoices/${target.invoiceNumber}`);
    await expect(page.locator("main [data-state]").first().getAttribute("data-state")).resolves.toBe("paid");
    await expect(page.getByTestId("invoice-status").textContent()).resolves.toMatch(/^Paid \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(await page.getByTestId("pay-invoice").count()).toBe(0);
    await expectAxeClean(page, "paid detail");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAxeClean(page, "paid detail phone");
    await page.setViewportSize({ width: 1280, height: 900 });
    const after = (await listInvoices(page)).find((i) => i.invoiceNumber === target.invoiceNumber)!;
    expect(after.status).toBe("paid");

    // The payment-processing page of a paid invoice says there is nothing to pay.
    await page.goto(siteUrl(HOST, `/en/invoices/${target.invoiceNumber}/payment-processing?method=bank`));
    await expect(page.getByTestId("payment-processing").textContent()).resolves.toContain("already been paid");
    await expectAxeClean(page, "processing (paid)");
    await context.close();
  });

  it("ends a declined card payment on the failed page and leaves the invoice unpaid", async () => {
    const { context, page } = await signedIn("house-gas");
    const target = (await listInvoices(page)).find((i) => i.canPay)!;
    expect(target).toBeDefined();
    await page.goto(siteUrl(HOST, `/en/invoices/${target.invoiceNumber}`));
    const pay = await payForm(page);
    await pay.getByRole("radio", { name: "Card" }).click();
    await pay.getByRole("button", { name: /^Pay / }).click();
    await page.waitForURL(/\/en\/sandbox\/payments\//, { timeout: 20_000 });
    await expect(page.getByLabel("Card number").inputValue()).resolves.toBe("4242 4242 4242 4242");
    await expectAxeClean(page, "sandbox card page");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAxeClean(page, "sandbox card page phone");
    await page.setViewportSize({ width: 1280, height: 900 });
    // A wrong card number is refused by the provider's form before approval.
    await page.getByLabel("Card number").fill("4242 4242 4242 4241");
    await page.getByRole("button", { name: "Approve payment" }).click();
    await page.getByText("Enter a valid card number.").waitFor({ state: "visible" });

    await page.getByRole("button", { name: "Decline" }).click();
    await page.waitForURL((u) => u.pathname === `/en/invoices/${target.invoiceNumber}/failed`, { timeout: 30_000 });
    await expect(page.getByTestId("failed-reason").textContent()).resolves.toContain("declined");
    await expect(page.getByTestId("payment-failed").textContent()).resolves.toContain("still unpaid");
    await expectAxeClean(page, "failed light");
    await setScheme(context, HOST, "dark");
    await page.reload();
    await expectAxeClean(page, "failed dark");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAxeClean(page, "failed dark phone");
    await page.setViewportSize({ width: 1280, height: 900 });
    await setScheme(context, HOST, "light");

    const after = (await listInvoices(page)).find((i) => i.invoiceNumber === target.invoiceNumber)!;
    expect(after.status).toBe("unpaid");
    await page.getByRole("link", { name: "Choose another way to pay" }).click();
    await page.waitForURL((u) => u.pathname === `/en/invoices/${target.invoiceNumber}`);
    await page.getByTestId("pay-invoice").waitFor();
    await expect(page.getByTestId("payment-row").first().getAttribute("data-status")).resolves.toBe("failed");

    // Trying again starts a new payment at the provider.
    await page.goBack();
    await page.getByTestId("payment-retry").click();
    await page.waitForURL(/\/en\/sandbox\/payments\//, { timeout: 20_000 });
    await expect(page.getByRole("button", { name: "Approve payment" }).isEnabled()).resolves.toBe(true);
    await context.close();
  });

  it("waits on the waiting-confirmation page while the bank has the payment pending, then confirms", async () => {
    const { context, page } = await signedIn("company-owner");
    const target = (await listInvoices(page)).find((i) => i.canPay)!;
    expect(target).toBeDefined();
    await page.goto(siteUrl(HOST, `/en/invoices/${target.invoiceNumber}`));
    const pay = await payForm(page);
    const banks = (await apiGet<{ banks: { bic: string; name: string }[] }>(page, "/api/banks?type=BANK_LINK")).banks;
    await pay.getByRole("radio", { name: banks[banks.length - 1].name }).click();
    await pay.getByRole("button", { name: /^Pay / }).click();
    await page.waitForURL(/\/en\/sandbox\/payments\//, { timeout: 20_000 });
    // The provider's page works without script too: its answer leads back to the portal.
    const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await context.storageState(), locale: "en-GB" });
    const bare = await plain.newPage();
    await bare.goto(page.url());
    await bare.getByRole("button", { name: "Leave pending" }).click();
    const waitingPath = `/en/invoices/${target.invoiceNumber}/waiting-confirmation`;
    await bare.waitForURL((u) => u.pathname === waitingPath, { timeout: 20_000 });
    await plain.close();
    await page.goto(siteUrl(HOST, waitingPath));
    await expect(page.getByTestId("waiting-status").getAttribute("data-status")).resolves.toBe("pending");
    await expectAxeClean(page, "waiting light");
    // Reload-safe: the page reads the payment again and keeps waiting.
    await setScheme(context, HOST, "dark");
    await page.reload();
    await page.getByTestId("payment-waiting").waitFor();
    await expectAxeClean(page, "waiting dark");
    await setScheme(context, HOST, "light");
    // The sandbox settles a pending bank payment by itself after a while.
    await page.waitForURL((u) => u.pathname === `/en/invoices/${target.invoiceNumber}/confirmation`, { timeout: 90_000 });
    await expect(page.getByTestId("confirmation-invoice-state").textContent()).resolves.toBe("Paid");
    await context.close();
  }, 180_000);
});
