import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { DEMO_SITES } from "@/server/demo/sites";
import { demoPlans } from "@/server/demo/seed";
import { getTheme } from "@/themes/registry";
import { senderFor } from "@/server/providers/mail/mailer";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { getDb } from "@/server/db/client";
import { authUser, outboundMail } from "@/server/db/schema";
import { LOCALES } from "@/lib/locales";
import { emailIdentityKey } from "./identity-keys";
import { magicLinkMail, recipientName } from "./mail-templates";

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

describe("the sign-in link mail's greeting", () => {
  const url = "https://laane.example/api/auth/magic-link/verify?token=abc";
  const laane = DEMO_SITES.find((s) => s.id === "laane")!;

  it("greets by name when one is given, in the text and the HTML", () => {
    const mail = magicLinkMail(laane, "mari.tamm@example.com", url, "Mari Tamm");
    expect(mail.text.split("\n")[0]).toBe("Tere, Mari Tamm!");
    expect(mail.html).toContain("<p>Tere, Mari Tamm!</p>");
    const generic = magicLinkMail(laane, "mari.tamm@example.com", url);
    expect(generic.text.split("\n")[0]).toBe("Tere!");
    expect(generic.html).toContain("<p>Tere!</p>");
  });

  it.each(LOCALES)("never greets by the address (%s)", (locale) => {
    const site = { companyName: "Lääne Energia AS", defaultLocaleId: locale, themeId: laane.themeId };
    for (const name of [undefined, null, "Mari Tamm"]) {
      const mail = magicLinkMail(site, "mari.tamm@example.com", url, name);
      const greeting = mail.text.split("\n")[0];
      expect(greeting).not.toContain("@");
      expect(greeting).not.toMatch(/magic-link\./);
      if (name) expect(greeting).toContain(name);
      expect(mail.html).toContain(`<p>${greeting}</p>`);
    }
  });

  it("escapes the name in the HTML", () => {
    const mail = magicLinkMail(laane, "a@example.com", url, "<b>Mari</b> & Co");
    expect(mail.html).toContain("Tere, &lt;b&gt;Mari&lt;/b&gt; &amp; Co!");
    expect(mail.html).not.toContain("<b>Mari</b>");
  });
});

describe("whom the sign-in link mail greets by name", () => {
  let cleanup: () => Promise<void>;
  const plans = demoPlans();
  const planOf = (siteId: string) => plans.find((p) => p.site.id === siteId)!;
  const privateCustomer = (siteId: string, persona: string) => planOf(siteId).customers.find((c) => c.kind === "private" && c.owner?.persona === persona)!;
  let ip = 0;

  beforeAll(async () => {
    ({ cleanup } = await useTestDatabase());
  });
  afterAll(async () => cleanup());

  it("names a private customer of the site by their contact address, in any letter case", async () => {
    const apartment = privateCustomer("laane", "apartment");
    expect(await recipientName("laane", apartment.email)).toBe(`${apartment.firstName} ${apartment.lastName}`);
    expect(await recipientName("laane", ` ${apartment.email.toUpperCase()} `)).toBe(`${apartment.firstName} ${apartment.lastName}`);
    const latvian = privateCustomer("daugava", "solar-household");
    expect(await recipientName("daugava", latvian.email)).toBe(`${latvian.firstName} ${latvian.lastName}`);
  });

  it("knows no name for an unknown address, another site's customer or a company's address", async () => {
    const apartment = privateCustomer("laane", "apartment");
    expect(await recipientName("laane", "nobody-known@example.com")).toBeNull();
    expect(await recipientName("aurora", apartment.email)).toBeNull();
    const company = planOf("laane").customers.find((c) => c.kind === "legal")!;
    expect(await recipientName("laane", company.email)).toBeNull();
  });

  it("names a person who signs in with the address, but never by the address itself", async () => {
    const db = await getDb();
    await db.insert(authUser).values([
      { id: "greet-named", name: "Kadri Mets", email: emailIdentityKey("laane", "kadri.mets@example.com"), siteId: "laane", contactEmail: "kadri.mets@example.com" },
      { id: "greet-address", name: "only.address@example.com", email: emailIdentityKey("laane", "only.address@example.com"), siteId: "laane", contactEmail: "only.address@example.com" },
      { id: "greet-contact", name: "Rein Org", email: "s.0123abcd@laane.portal.invalid", siteId: "laane", contactEmail: "Rein.Org@example.com", identityKind: "SsnVerified" },
      { id: "greet-shared-1", name: "Tiit Vaher", email: "s.0123abce@laane.portal.invalid", siteId: "laane", contactEmail: "family@example.com", identityKind: "SsnVerified" },
      { id: "greet-shared-2", name: "Tiina Vaher", email: "s.0123abcf@laane.portal.invalid", siteId: "laane", contactEmail: "family@example.com", identityKind: "SsnVerified" },
    ]);
    expect(await recipientName("laane", "kadri.mets@example.com")).toBe("Kadri Mets");
    expect(await recipientName("aurora", "kadri.mets@example.com")).toBeNull();
    expect(await recipientName("laane", "only.address@example.com")).toBeNull();
    expect(await recipientName("laane", "rein.org@example.com")).toBe("Rein Org");
    expect(await recipientName("laane", "family@example.com")).toBeNull();
  });

  async function signInMail(siteId: string, host: string, address: string): Promise<string> {
    const res = await new ApiClient(host, { ip: `203.0.113.${++ip}` }).post("/api/sign-in/email", { email: address });
    expect(res.status).toBe(200);
    const db = await getDb();
    for (let i = 0; i < 100; i++) {
      const [mail] = await db
        .select()
        .from(outboundMail)
        .where(and(eq(outboundMail.siteId, siteId), eq(outboundMail.to, address)));
      if (mail) return mail.text;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no sign-in mail to ${address}`);
  }

  it("signing in by e-mail: a known customer is greeted by name, an unknown address generically", async () => {
    const apartment = privateCustomer("laane", "apartment");
    const known = await signInMail("laane", "laane.localhost", apartment.email);
    expect(known.split("\n")[0]).toBe(`Tere, ${apartment.firstName} ${apartment.lastName}!`);
    const unknown = await signInMail("laane", "laane.localhost", "first.time@example.com");
    expect(unknown.split("\n")[0]).toBe("Tere!");
    expect(unknown).not.toContain("first.time@example.com");
  });
});
