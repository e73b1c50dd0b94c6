import fs from "node:fs";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { draftKept, happensWithin, siteUrl } from "./helpers";
import { pageFetch } from "./shell-helpers";
import { axeEverywhere, signedInAt } from "./page-checks";
import { demoPlans } from "../src/server/demo/plan-access";
import { XSS_VECTORS } from "../src/server/announcements/xss-corpus";

/**
 * Support from both sides on one site (Lääne Energia, with advanced support): customers open,
 * read, answer and cancel tickets at /support; the site's customer service works them at /desk.
 * The customers are ones no other browser test changes.
 */
const HOST = "laane.localhost";
const CUSTOMER = "laane-new-customer";
const REQUESTER = "laane-representative";
const XSS_CUSTOMER = "laane-company-owner";
const STAFF = "laane-customer-service";

const plan = demoPlans().find((p) => p.site.id === "laane")!;
const staffPerson = plan.staff.find((s) => s.role === "customer_service")!.person;
const STAFF_NAME = `${staffPerson.firstName} ${staffPerson.lastName}`;
const customerPerson = plan.people.find((p) => p.persona === "new-customer")!;
const CUSTOMER_EMAIL = plan.customers.find((c) => c.owner?.id === customerPerson.id)!.email;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** A real 2×2 PNG, made here: a file the server recognises as an image by its content. */
function tinyPng(): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = table[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const pixels = Buffer.from([0, 255, 0, 0, 0, 128, 0, 0, 0, 0, 255, 255, 255, 0]);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", header), chunk("IDAT", zlib.deflateSync(pixels)), chunk("IEND", Buffer.alloc(0))]);
}
const PNG = tinyPng();

const signedIn = (identity: string, path: string, opts: { mobile?: boolean } = {}) => signedInAt(browser, HOST, identity, path, opts);

async function openNewTicketForm(page: Page) {
  await page.locator('[data-testid="new-ticket-open"][data-interactive]').click();
  await page.getByTestId("new-ticket-form").waitFor();
}

/** Creates a general ticket through the API from the customer's page, as the page's own form does. */
async function createTicket(page: Page, body: { name: string; message: string; subtypeCode?: string }): Promise<{ id: string; number: string }> {
  const res = await pageFetch<{ id: string; number: string }>(page, "/api/me/support/tickets", { method: "POST", body: { subtypeCode: "GENERAL_QUESTION", ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function waitForStatus(page: Page, status: string) {
  await page.waitForFunction((s) => document.querySelector('main [data-testid="ticket-status"]')?.getAttribute("data-status") === s, status);
}

async function messagesText(page: Page): Promise<string> {
  return (await page.locator("main").textContent()) ?? "";
}

describe("support tickets and the customer service desk", () => {
  it("a customer opens a ticket with an attachment; customer service assigns it, notes, replies and resolves it; the customer reads the reply, gets the mail and answers", async () => {
    const TITLE = "Invoice sent to the wrong address";
    const MESSAGE = "My invoice went to my old address.\nPlease send it to the new one.";
    const NOTE = "Internal: the move was registered late by the grid operator.";
    const REPLY = "We have corrected the address. The next invoice goes to your new home.";
    const COMMENT = "Thank you, that settles it.";

    const customer = await signedIn(CUSTOMER, "/en/support");
    const page = customer.page;
    await page.getByRole("heading", { level: 1, name: "Support" }).waitFor();
    await expect(page.getByTestId("tickets-empty").textContent()).resolves.toContain("No tickets yet");

    // The desk does not exist for a customer.
    await page.goto(siteUrl(HOST, "/en/desk"));
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Page not found");
    await page.goto(siteUrl(HOST, "/en/support"));

    // Required fields say so next to the field; types of request are loaded for the chosen topic.
    await openNewTicketForm(page);
    const form = page.getByTestId("new-ticket-form");
    await form.getByTestId("new-ticket-submit").click();
    await form.getByText("Fill in this field.").first().waitFor();
    expect(await form.getByText("Fill in this field.").count()).toBeGreaterThanOrEqual(4);
    await expect(page.getByTestId("field-subtype").isDisabled()).resolves.toBe(true);
    await page.getByTestId("field-topic").selectOption({ label: "Invoices and payments" });
    await page.waitForFunction(() => ((document.querySelector('[data-testid="field-subtype"]') as HTMLSelectElement | null)?.options.length ?? 0) > 1);
    await expect(page.getByTestId("field-subtype").locator("option").allTextContents()).resolves.toEqual(
      expect.arrayContaining(["Question about an invoice", "Payment plan or due date", "E-invoice and delivery"]),
    );
    await page.getByTestId("field-subtype").selectOption({ label: "E-invoice and delivery" });
    await page.getByTestId("field-name").fill(TITLE);
    await page.getByTestId("field-message").fill(MESSAGE);
    await page.getByTestId("field-channel").selectOption({ label: "E-mail" });

    // Attachments: the size limit is shown; an image is taken; a text file dressed as a PNG is refused by its content.
    await expect(page.getByTestId("attachments-field").textContent()).resolves.toContain("up to 5 MB each");
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByTestId("attach-files").click()]);
    await chooser.setFiles([
      { name: "meter.png", mimeType: "image/png", buffer: PNG },
      { name: "fake.png", mimeType: "image/png", buffer: Buffer.from("this is not an image") },
    ]);
    await page.getByTestId("attachment-errors").waitFor();
    await expect(page.getByTestId("attachment-errors").textContent()).resolves.toContain("fake.png is not an image or a PDF file.");
    await expect(page.getByTestId("attachment-item").allTextContents()).resolves.toEqual(["meter.png"]);

    // Sending refreshes the list in place (spec §4).
    await form.getByTestId("new-ticket-submit").click();
    const row = page.getByTestId("ticket-row");
    await row.first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/en/support");
    expect(await row.count()).toBe(1);
    const ticketId = (await row.first().getAttribute("data-ticket"))!;
    const number = (await row.first().getAttribute("data-number"))!;
    await expect(row.first().getAttribute("data-status")).resolves.toBe("OPEN");
    await expect(row.first().textContent()).resolves.toMatch(new RegExp(`${TITLE}.*No\\. ${number}.*Invoices and payments · E-invoice and delivery.*Open`));
    await expect(form.isHidden()).resolves.toBe(true);

    // The ticket page: the message as written, the attachment to download.
    await row.first().getByRole("link", { name: TITLE }).click();
    await page.waitForURL((u) => u.pathname === `/en/support/${ticketId}`);
    await expect(page.getByTestId("ticket-title").textContent()).resolves.toBe(TITLE);
    await expect(page.getByTestId("ticket-number").textContent()).resolves.toBe(number);
    await expect(page.getByTestId("ticket-summary").textContent()).resolves.toContain("E-mail");
    await expect(page.getByTestId("message-body").first().textContent()).resolves.toBe(MESSAGE);
    const link = page.getByTestId("attachment-link");
    await expect(link.textContent()).resolves.toMatch(/^Download meter\.png \(1 kB\)$/);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(fs.readFileSync((await download.path())!).equals(PNG)).toBe(true);
    await page.getByTestId("cancel-ticket").waitFor({ state: "visible" });

    // Customer service finds it at the desk, linked from the account menu.
    const staff = await signedIn(STAFF, "/en");
    const desk = staff.page;
    await desk.locator('[data-testid="account-menu"][data-interactive]').click();
    await desk.getByTestId("account-menu-desk").click();
    await desk.waitForURL((u) => u.pathname === "/en/desk");
    const deskRow = desk.locator(`[data-testid="desk-row"][data-ticket="${ticketId}"]`);
    await deskRow.waitFor();
    await expect(deskRow.textContent()).resolves.toMatch(/Nobody yet/);
    await deskRow.getByTestId("ticket-awaiting").waitFor({ state: "visible" });

    // Filters live in the URL.
    await desk.locator('[data-testid="desk-filters"][data-interactive]').waitFor();
    await desk.getByTestId("filter-assignee").selectOption("unassigned");
    await desk.waitForURL((u) => u.searchParams.get("assignee") === "unassigned");
    await deskRow.waitFor();
    await desk.getByTestId("filter-status").selectOption("RESOLVED");
    await desk.waitForURL((u) => u.searchParams.get("status") === "RESOLVED");
    await deskRow.waitFor({ state: "detached" });
    await desk.goto(siteUrl(HOST, "/en/desk?status=OPEN&topic=INVOICES&assignee=unassigned"));
    await expect(desk.getByTestId("filter-status").inputValue()).resolves.toBe("OPEN");
    await expect(desk.getByTestId("filter-topic").inputValue()).resolves.toBe("INVOICES");
    await deskRow.getByRole("link", { name: TITLE }).click();
    await desk.waitForURL((u) => u.pathname === `/en/desk/${ticketId}`);
    await expect(desk.getByTestId("desk-customer").textContent()).resolves.toBe(`${customerPerson.firstName} ${customerPerson.lastName}`);
    await expect(desk.getByTestId("desk-first-response").textContent()).resolves.toBe("Not answered yet");

    // Assign to themselves.
    await desk.locator('[data-testid="ticket-actions"][data-interactive]').waitFor();
    await desk.getByTestId("assign-me").click();
    await waitForStatus(desk, "ASSIGNED");
    await expect(desk.getByTestId("desk-assignee").textContent()).resolves.toBe(STAFF_NAME);
    await expect(desk.getByTestId("ticket-history").textContent()).resolves.toContain(`${STAFF_NAME} assigned the ticket to ${STAFF_NAME}`);

    // An internal note, visibly marked, then a reply to the customer.
    await desk.locator('[data-testid="reply-form"][data-interactive]').waitFor();
    await desk.getByTestId("reply-internal").check();
    await expect(desk.getByTestId("reply-submit").textContent()).resolves.toBe("Save internal note");
    await desk.getByTestId("reply-body").fill(NOTE);
    await desk.getByTestId("reply-submit").click();
    const note = desk.getByTestId("internal-note").filter({ hasText: NOTE });
    await note.waitFor();
    await expect(note.textContent()).resolves.toContain("Internal note – the customer does not see this");
    await desk.waitForFunction(() => (document.querySelector('[data-testid="reply-body"]') as HTMLTextAreaElement | null)?.value === "");
    await desk.getByTestId("reply-public").check();
    await desk.getByTestId("reply-body").fill(REPLY);
    await desk.getByTestId("reply-submit").click();
    await desk.getByTestId("ticket-message").filter({ hasText: REPLY }).waitFor();
    await expect(desk.getByTestId("desk-first-response").textContent()).resolves.toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}, after \d+ minutes?$/);

    // The customer sees the reply (and not the note), marked new in the list.
    await page.goto(siteUrl(HOST, "/en/support"));
    const listed = page.locator(`[data-testid="ticket-row"][data-ticket="${ticketId}"]`);
    await expect(listed.getAttribute("data-status")).resolves.toBe("ASSIGNED");
    await expect(listed.textContent()).resolves.toContain("Being handled");
    await expect(listed.getByTestId("ticket-unread").textContent()).resolves.toBe("New reply");
    await listed.getByRole("link", { name: TITLE }).click();
    await page.getByTestId("conversation").waitFor();
    const staffMessage = page.getByTestId("ticket-message").filter({ hasText: REPLY });
    await expect(staffMessage.textContent()).resolves.toContain(`${staffPerson.firstName}, customer service`);
    expect(await messagesText(page)).not.toContain(NOTE);
    expect(await page.content()).not.toContain(NOTE);

    // The mail about the reply is in the development mailbox, and its link opens the ticket.
    await page.goto(siteUrl(HOST, "/en/dev/mailbox"));
    const mail = page.getByTestId("mail").filter({ hasText: `/support/${ticketId}` });
    for (let i = 0; i < 30 && !(await mail.count()); i++) {
      await page.waitForTimeout(500);
      await page.reload();
    }
    await expect(mail.count()).resolves.toBe(1);
    await expect(mail.textContent()).resolves.toContain(CUSTOMER_EMAIL);
    await expect(mail.textContent()).resolves.toContain(`#${number}`);
    await expect(mail.textContent()).resolves.not.toContain(NOTE);
    await mail.getByTestId("mail-link").first().click();
    await page.waitForURL((u) => u.pathname.endsWith(`/support/${ticketId}`));
    await page.getByTestId("conversation").waitFor();

    // The customer answers.
    await page.goto(siteUrl(HOST, `/en/support/${ticketId}`));
    await page.locator('[data-testid="comment-form"][data-interactive]').waitFor();
    await page.getByTestId("comment-form").getByRole("textbox", { name: "Your message" }).fill(COMMENT);
    await page.getByTestId("comment-submit").click();
    await page.getByTestId("ticket-message").filter({ hasText: COMMENT }).waitFor();

    // Customer service sees the answer and resolves the ticket.
    await desk.reload();
    await desk.getByTestId("ticket-message").filter({ hasText: COMMENT }).waitFor();
    await expect(desk.getByTestId("ticket-message").filter({ hasText: COMMENT }).textContent()).resolves.toContain("(customer)");
    await desk.locator('[data-testid="ticket-actions"][data-interactive]').waitFor();
    await desk.getByTestId("status-select").selectOption({ label: "Resolved" });
    await desk.getByTestId("status-submit").click();
    await waitForStatus(desk, "RESOLVED");
    await expect(desk.getByTestId("ticket-history").textContent()).resolves.toContain(`${STAFF_NAME} changed the status from Assigned to Resolved`);

    // The customer sees it resolved; a reply would open it again, cancelling is no longer offered.
    await page.reload();
    await waitForStatus(page, "RESOLVED");
    await page.getByTestId("comment-reopens").waitFor({ state: "visible" });
    await expect(page.getByTestId("cancel-ticket").count()).resolves.toBe(0);

    // From the ticket, customer service opens the customer's account (audited) and sees what the customer sees.
    await desk.getByTestId("open-account").click();
    await desk.waitForURL((u) => u.pathname === `/en/support/${ticketId}`);
    await desk.getByTestId("conversation").waitFor();
    await desk.getByRole("status").filter({ hasText: "you are acting in the account of" }).waitFor({ state: "visible" });
    expect(await messagesText(desk)).toContain(REPLY);
    expect(await messagesText(desk)).not.toContain(NOTE);

    await staff.context.close();
    await customer.context.close();
  }, 240_000);

  it("with advanced support a customer sends a meter reading as a structured request, and cancels the ticket", async () => {
    const { context, page } = await signedIn(REQUESTER, "/en/support");
    await openNewTicketForm(page);
    await page.getByTestId("request-kind").getByRole("radio", { name: "Report a meter reading" }).check();
    const form = page.getByTestId("new-ticket-form");
    await expect(form.getByTestId("field-topic").count()).resolves.toBe(0);
    const point = form.getByRole("combobox", { name: "Usage point" });
    const options = await point.locator("option").evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value).filter(Boolean));
    expect(options.length).toBeGreaterThan(0);
    // A reading in the future is refused by the server, next to its field.
    await point.selectOption(options[0]);
    await form.getByRole("textbox", { name: "Meter reading" }).fill("12345,5");
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel("Date of reading").fill(tomorrow);
    await form.getByTestId("new-ticket-submit").click();
    await form.getByText("The reading date cannot be in the future or more than a year ago.").waitFor();
    await expect(page.getByTestId("ticket-row").count()).resolves.toBe(0);
    await form.getByLabel("Date of reading").fill(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
    await form.getByTestId("new-ticket-submit").click();
    const row = page.getByTestId("ticket-row").first();
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain("Meter reading");

    await row.getByRole("link").click();
    await page.getByTestId("conversation").waitFor();
    await expect(page.getByTestId("message-body").first().textContent()).resolves.toMatch(/12[\s,.]?345[.,]5/);
    await page.locator('[data-testid="cancel-ticket"][data-interactive]').click();
    await page.getByTestId("cancel-confirm").click();
    await waitForStatus(page, "CANCELLED");
    await page.getByTestId("comment-closed").waitFor({ state: "visible" });
    await expect(page.getByTestId("comment-form").count()).resolves.toBe(0);
    await context.close();
  }, 120_000);

  it("keeps an unsent ticket as a draft, asks before leaving it, and offers it back", async () => {
    const { context, page } = await signedIn(REQUESTER, "/en/support");
    await openNewTicketForm(page);
    await page.getByTestId("field-name").fill("A draft that must not get lost");
    // Following a link asks first; staying keeps what was written.
    await page.locator("header").getByRole("link", { name: "Invoices" }).click();
    await page.getByTestId("leave-cancel").click();
    expect(new URL(page.url()).pathname).toBe("/en/support");
    await expect(page.getByTestId("field-name").inputValue()).resolves.toBe("A draft that must not get lost");
    // Back on the page later, the draft is offered and restored into the open form.
    await draftKept(page);
    page.once("dialog", (d) => void d.accept());
    await page.reload();
    await page.getByTestId("draft-restore").click();
    await page.getByTestId("new-ticket-form").waitFor();
    await expect(page.getByTestId("field-name").inputValue()).resolves.toBe("A draft that must not get lost");
    // Cancelling the form asks, then drops the draft.
    await page.getByTestId("new-ticket-form").getByRole("button", { name: "Cancel" }).click();
    await page.getByTestId("discard-confirm").click();
    await page.getByTestId("new-ticket-form").waitFor({ state: "hidden" });
    page.once("dialog", (d) => void d.accept());
    await page.reload();
    await page.locator('[data-testid="new-ticket-open"][data-interactive]').waitFor();
    expect(await happensWithin(1500, (timeout) => page.getByTestId("draft-restore").waitFor({ timeout }))).toBe(false);
    await context.close();
  }, 120_000);

  it(`runs none of the ${XSS_VECTORS.length} injection vectors sent as ticket messages and comments, on either side`, async () => {
    // Text with a NUL character cannot be stored: it is refused as a whole, and the rest goes through.
    const storable = XSS_VECTORS.filter((v) => !v.includes("\u0000"));
    const corpus = storable.join("\n");
    expect(corpus.length).toBeLessThanOrEqual(10_000);
    const title = `Security check <img src=x onerror="window.__xss=1"><script>window.__xss=1</script>`;
    const customer = await signedIn(XSS_CUSTOMER, "/en/support");
    const countTickets = async () => (await pageFetch<{ tickets: unknown[] }>(customer.page, "/api/me/support/tickets")).body.tickets.length;
    const before = await countTickets();
    for (const v of XSS_VECTORS.filter((x) => !storable.includes(x))) {
      const refused = await pageFetch(customer.page, "/api/me/support/tickets", { method: "POST", body: { name: title, subtypeCode: "GENERAL_QUESTION", message: v } });
      expect(refused.status).toBe(400);
    }
    expect(await countTickets()).toBe(before);
    const ticket = await createTicket(customer.page, { name: title, message: corpus });
    const staff = await signedIn(STAFF, "/en/desk");

    // Through the forms: the customer's comment and customer service's note and reply.
    await customer.page.goto(siteUrl(HOST, `/en/support/${ticket.id}`));
    await customer.page.locator('[data-testid="comment-form"][data-interactive]').waitFor();
    await customer.page.getByTestId("comment-form").getByRole("textbox", { name: "Your message" }).fill(corpus);
    await customer.page.getByTestId("comment-submit").click();
    await customer.page.waitForFunction(() => document.querySelectorAll('[data-testid="ticket-message"]').length === 2);
    await staff.page.goto(siteUrl(HOST, `/en/desk/${ticket.id}`));
    await staff.page.locator('[data-testid="reply-form"][data-interactive]').waitFor();
    for (const kind of ["reply-internal", "reply-public"]) {
      await staff.page.getByTestId(kind).check();
      await staff.page.getByTestId("reply-body").fill(corpus);
      await staff.page.getByTestId("reply-submit").click();
      await staff.page.waitForFunction(() => (document.querySelector('[data-testid="reply-body"]') as HTMLTextAreaElement | null)?.value === "");
    }
    await staff.page.waitForFunction(() => document.querySelectorAll('[data-testid="message-body"]').length === 4);

    const dialogs: string[] = [];
    for (const side of [customer.page, staff.page]) side.on("dialog", (d) => void d.dismiss().then(() => dialogs.push(d.message())));
    const views: [Page, string, number][] = [
      [customer.page, "/en/support", 0],
      [customer.page, `/en/support/${ticket.id}`, 3],
      [staff.page, "/en/desk", 0],
      [staff.page, `/en/desk/${ticket.id}`, 4],
    ];
    for (const [side, path, bodies] of views) {
      await side.goto(siteUrl(HOST, path));
      await side.locator("h1").first().waitFor();
      await side.mouse.move(200, 300);
      await side.mouse.move(600, 500);
      await side.keyboard.press("Tab");
      await side.keyboard.press("Tab");
      // A vector that ran would open a dialog or set window.__xss, on load, error, hover or focus.
      const ran = (timeout: number) => {
        const waits = [side.waitForEvent("dialog", { timeout }), side.waitForFunction(() => (window as unknown as { __xss?: number }).__xss !== undefined, null, { timeout })];
        for (const wait of waits) wait.catch(() => {});
        return Promise.race(waits);
      };
      expect(await happensWithin(1000, ran), path).toBe(false);
      expect(await side.evaluate(() => (window as unknown as { __xss?: number }).__xss), path).toBeUndefined();
      // Every message is drawn as the text that was written: no element comes out of it.
      const shown = await side.getByTestId("message-body").evaluateAll((els) => els.map((e) => ({ text: e.textContent, children: e.childElementCount })));
      expect(shown.length, path).toBe(bodies);
      for (const m of shown) expect(m).toEqual({ text: corpus, children: 0 });
      // The title too is text: nothing in the page's content is an element a vector would make.
      await expect(side.locator("main").textContent(), path).resolves.toContain(title);
      const made = await side.evaluate(() =>
        [...document.querySelectorAll("main img, main script, main iframe, main object, main embed, main svg animate, main math")].map((e) => e.outerHTML.slice(0, 80)),
      );
      expect(made, path).toEqual([]);
    }
    expect(dialogs).toEqual([]);
    await customer.context.close();
    await staff.context.close();
  }, 180_000);

  it("shows no unmarked text in the pseudo-locale, on the customer's pages and at the desk", async () => {
    const customer = await signedIn(REQUESTER, "/xa/support");
    const ticket = await createTicket(customer.page, { name: "Pseudo-locale check", message: "Does every label say it is translated?" });
    const staff = await signedIn(STAFF, "/xa/desk");
    await pageFetch(staff.page, `/api/desk/tickets/${ticket.id}/comments`, { method: "POST", body: { body: "Checked by customer service.", internal: true } });
    await pageFetch(staff.page, `/api/desk/tickets/${ticket.id}/comments`, { method: "POST", body: { body: "Yes, it does.", internal: false } });

    // Data is not translated: the site's topic, subtype and channel names, tickets, people and what a ticket is about.
    type Option = { name: string };
    const names = async (page: Page) => {
      const lists = await Promise.all(
        ["/api/support/topics", "/api/support/subtypes", "/api/support/channels"].map((u) => pageFetch<Record<string, Option[]>>(page, u).then((r) => Object.values(r.body).flat())),
      );
      return lists.flat().map((o) => o.name);
    };
    const leftover = async (page: Page, data: string[]) => {
      let text = await page.evaluate(() => {
        let t = (document.querySelector("main") as HTMLElement).innerText;
        // Translated messages are bracketed, and may hold other translated messages: strip from the inside out.
        for (let before = ""; before !== t;) {
          before = t;
          t = t.replace(/⟦[^⟦⟧]*⟧/g, " ");
        }
        return t;
      });
      for (const d of [...data].sort((a, b) => b.length - a.length)) text = text.split(d).join(" ");
      return text.match(/\p{L}+/gu) ?? [];
    };

    const customerData = [...(await names(customer.page))];
    const list = await pageFetch<{ tickets: { name: string }[] }>(customer.page, "/api/me/support/tickets");
    customerData.push(...list.body.tickets.map((t) => t.name));
    await customer.page.goto(siteUrl(HOST, "/xa/support"));
    await openNewTicketForm(customer.page);
    // What a ticket can be about: the customer's own addresses, products and invoice numbers.
    customerData.push(...(await customer.page.getByTestId("field-subject").locator("option").allTextContents()).slice(1));
    expect(await leftover(customer.page, customerData)).toEqual([]);

    await customer.page.goto(siteUrl(HOST, `/xa/support/${ticket.id}`));
    await customer.page.getByTestId("conversation").waitFor();
    const detail = await pageFetch<{ comments: { author: { name: string }; body: string }[]; message: string }>(customer.page, `/api/support/tickets/${ticket.id}`);
    customerData.push(detail.body.message, ...detail.body.comments.flatMap((c) => [c.body, c.author.name]));
    expect(await leftover(customer.page, customerData)).toEqual([]);

    // The site's lists are the same for customer service (read through the customer's session).
    const staffData = [...(await names(customer.page))];
    const queue = await pageFetch<{ tickets: { name: string; customer: { name: string }; assignee: { name: string } | null }[] }>(staff.page, "/api/desk/tickets?status=OPEN&status=ASSIGNED");
    staffData.push(...queue.body.tickets.flatMap((t) => [t.name, t.customer.name, t.assignee?.name ?? ""]).filter(Boolean));
    await staff.page.goto(siteUrl(HOST, "/xa/desk"));
    await staff.page.getByTestId("desk-filters").waitFor();
    expect(await leftover(staff.page, staffData)).toEqual([]);

    await staff.page.goto(siteUrl(HOST, `/xa/desk/${ticket.id}`));
    await staff.page.getByTestId("desk-conversation").waitFor();
    const deskDetail = await pageFetch<{
      comments: { author: { name: string }; body: string }[];
      message: string;
      customer: { name: string };
      customerContact: { email: string | null; phone: string | null };
      history: { actor: { name: string } }[];
    }>(staff.page, `/api/desk/tickets/${ticket.id}`);
    const d = deskDetail.body;
    staffData.push(
      d.message,
      d.customer.name,
      d.customerContact.email ?? "",
      d.customerContact.phone ?? "",
      STAFF_NAME,
      ...d.comments.flatMap((c) => [c.body, c.author.name]),
      ...d.history.map((h) => h.actor.name),
    );
    expect(await leftover(staff.page, staffData.filter(Boolean))).toEqual([]);
    await customer.context.close();
    await staff.context.close();
  }, 120_000);

  it("passes axe in light and dark, on a phone and a desktop, on every support and desk page", async () => {
    const customer = await signedIn(REQUESTER, "/en/support");
    const ticket = await createTicket(customer.page, { name: "Accessibility check", message: "A ticket with a conversation." });
    const staff = await signedIn(STAFF, "/en/desk");
    const me = (await pageFetch<{ staff: { id: string; isMe: boolean }[] }>(staff.page, "/api/desk/staff")).body.staff.find((p) => p.isMe)!;
    expect((await pageFetch(staff.page, `/api/desk/tickets/${ticket.id}/assign`, { method: "POST", body: { assigneeId: me.id } })).status).toBe(200);
    await pageFetch(staff.page, `/api/desk/tickets/${ticket.id}/comments`, { method: "POST", body: { body: "An internal note.", internal: true } });
    await pageFetch(staff.page, `/api/desk/tickets/${ticket.id}/comments`, { method: "POST", body: { body: "A reply to the customer.", internal: false } });

    const problems = [
      ...(await axeEverywhere(customer.context, customer.page, HOST, [
        { path: "/en/support", label: "tickets" },
        { path: "/en/support", label: "new ticket form", prepare: openNewTicketForm },
        { path: `/en/support/${ticket.id}`, label: "ticket" },
        { path: "/en/support/00000000-0000-4000-8000-000000000000", label: "ticket not found" },
      ])),
      ...(await axeEverywhere(staff.context, staff.page, HOST, [
        { path: "/en/desk", label: "desk queue" },
        { path: "/en/desk?status=all", label: "desk queue, all" },
        { path: `/en/desk/${ticket.id}`, label: "desk ticket" },
      ])),
    ];
    expect(problems).toEqual([]);
    await customer.context.close();
    await staff.context.close();
  }, 420_000);
});
