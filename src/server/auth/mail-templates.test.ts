import { describe, expect, it } from "vitest";
import { DEMO_SITES } from "@/server/demo/sites";
import { getTheme } from "@/themes/registry";
import { senderFor } from "@/server/providers/mail/mailer";
import { magicLinkMail } from "./mail-templates";

const THEME_NAMES = ["Voima", "Viru EV", "Ignitis"];

describe("the sign-in link mail", () => {
  it.each(DEMO_SITES.map((s) => [s.id, s] as const))("names site %s, never its theme", (_id, site) => {
    const url = `https://${site.domains[0]}/api/auth/magic-link/verify?token=abc`;
    const mail = magicLinkMail(site, "person@example.com", url);
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).toContain(site.companyName.replace(/&/g, "&amp;"));
    for (const name of [...THEME_NAMES, getTheme(site.themeId).name]) {
      expect(mail.subject).not.toContain(name);
      expect(mail.text).not.toContain(name);
      expect(mail.html).not.toContain(name);
    }
  });

  it("shows the theme's mark from the site's own address, with the name as text", () => {
    const site = DEMO_SITES.find((s) => s.id === "daugava")!;
    const mail = magicLinkMail(site, "person@example.com", "https://daugava.example/api/auth/magic-link/verify?token=abc");
    expect(mail.html).toContain(`src="https://daugava.example${getTheme(site.themeId).emailLogo}"`);
    expect(mail.html).toContain(`<strong style="vertical-align:middle;font-size:20px;color:${getTheme(site.themeId).primary[9]}">Daugavas Enerģija SIA</strong>`);
  });

  it("is in the site's default language", () => {
    const en = magicLinkMail({ companyName: "Aurora Energia Oy", defaultLocaleId: "en-GB", themeId: "voima" }, "a@example.com", "https://aurora.example/x");
    const fi = magicLinkMail({ companyName: "Aurora Energia Oy", defaultLocaleId: "fi-FI", themeId: "voima" }, "a@example.com", "https://aurora.example/x");
    expect(en.subject).not.toBe(fi.subject);
    expect(en.subject).toContain("Aurora Energia Oy");
    expect(fi.subject).toContain("Aurora Energia Oy");
  });

  it("escapes the company name in the HTML", () => {
    const mail = magicLinkMail({ companyName: 'Sähkö & "Lämpö" <Oy>', defaultLocaleId: "fi-FI", themeId: "voima" }, "a@example.com", "https://x.example/");
    expect(mail.html).toContain("Sähkö &amp; &quot;Lämpö&quot; &lt;Oy&gt;");
    expect(mail.html).not.toContain("<Oy>");
  });
});

describe("the mail's sender", () => {
  it("is the site's company name at the configured address", () => {
    expect(senderFor("Aurora Energia Oy", "Portal <no-reply@portal.localhost>")).toBe('"Aurora Energia Oy" <no-reply@portal.localhost>');
    expect(senderFor("Lääne Energia AS", "no-reply@portal.localhost")).toBe('"Lääne Energia AS" <no-reply@portal.localhost>');
  });

  it("keeps the configured sender without a site name, and lets no name make up an address", () => {
    expect(senderFor(null, "Portal <no-reply@portal.localhost>")).toBe("Portal <no-reply@portal.localhost>");
    expect(senderFor('Evil" <x@evil.example>', "Portal <no-reply@portal.localhost>")).toBe('"Evil x@evil.example" <no-reply@portal.localhost>');
  });
});
