import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/db";
import { createAnnouncement, listAnnouncements } from "./announcements";
import { plainText } from "./sanitize";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase());
});
afterAll(async () => cleanup());

describe("announcement titles", () => {
  it("are plain text, escaped once: by React when shown, never already in the text", () => {
    expect(plainText("Tom & Jerry")).toBe("Tom & Jerry");
    expect(plainText('Prices "up" <b>5 %</b> & more')).toBe('Prices "up" 5 % & more');
    expect(plainText("R&amp;D &lt;team&gt; it's")).toBe("R&D <team> it's");
    expect(plainText("&amp;lt;")).toBe("&lt;");
    expect(plainText("<script>alert(1)</script>Hi<img src=x onerror=alert(1)>")).toBe("Hi");
  });

  it("reach the customer as written", async () => {
    const created = await createAnnouncement("aurora", { title: "Service break: invoices & payments <em>tonight</em>", contentHtml: "<p>A &amp; B</p>", locale: null, severity: "info" });
    expect(created.title).toBe("Service break: invoices & payments tonight");
    const listed = (await listAnnouncements("aurora", "en-GB")).find((a) => a.id === created.id)!;
    expect(listed.title).toBe("Service break: invoices & payments tonight");
    // The content is HTML (set as HTML by the page): its entities stay as they are.
    expect(listed.content).toBe("<p>A &amp; B</p>");
  });
});
