import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import type { Db } from "@/server/db/client";
import { authUser, customers, sandboxIdentities } from "@/server/db/schema";
import { demoPlans } from "./seed";

/**
 * The Latvian demo site's people have real Latvian names, letters and all (ā, ē, ī, ū, ņ, ļ, ķ, ģ,
 * š, ž, č), and a woman's surname is the feminine form of the family name (Bērziņš → Bērziņa,
 * Lācis → Lāce, Jansons → Jansone), not a form that lost its letters ("Bērzia").
 */
const LATVIAN_LETTERS = /[āēīūņļķģšžč]/i;

/** Masculine family names of the demo and their feminine forms. */
const SURNAMES: [string, string][] = [
  ["Bērziņš", "Bērziņa"],
  ["Kalniņš", "Kalniņa"],
  ["Ozoliņš", "Ozoliņa"],
  ["Liepiņš", "Liepiņa"],
  ["Krūmiņš", "Krūmiņa"],
  ["Zariņš", "Zariņa"],
  ["Kļaviņš", "Kļaviņa"],
  ["Balodis", "Balode"],
  ["Lācis", "Lāce"],
  ["Vītols", "Vītola"],
  ["Ozols", "Ozola"],
  ["Jansons", "Jansone"],
];
const REAL_SURNAMES = new Set(SURNAMES.flat());

const plan = demoPlans().find((p) => p.site.id === "daugava")!;
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

describe("the Latvian demo site's people", () => {
  it("have real Latvian surnames, in the feminine form for women", () => {
    const wrong = plan.people.map((p) => p.lastName).filter((last) => !REAL_SURNAMES.has(last));
    expect(wrong).toEqual([]);
    // Both forms occur, so the feminine rule is exercised.
    expect(plan.people.some((p) => SURNAMES.some(([, f]) => f === p.lastName))).toBe(true);
    expect(plan.people.some((p) => SURNAMES.some(([m]) => m === p.lastName))).toBe(true);
  });

  it("keep their letters: names with ņ, ļ and long vowels among them", () => {
    const names = plan.people.map(fullName);
    expect(names.filter((n) => LATVIAN_LETTERS.test(n)).length).toBeGreaterThan(names.length / 2);
    expect(names.some((n) => n.includes("ņ"))).toBe(true);
    expect(names.some((n) => /[ļķģ]/.test(n))).toBe(true);
    for (const n of names) expect(n).toBe(n.normalize("NFC"));
    // The personas the sign-in page offers, too.
    expect(plan.people.filter((p) => p.persona && LATVIAN_LETTERS.test(fullName(p))).length).toBeGreaterThan(2);
  });
});

describe("Latvian names in the database", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await useTestDatabase());
  });
  afterAll(async () => cleanup());

  it("come back letter for letter: people, customers and sign-in personas", async () => {
    const people = await db.select({ id: authUser.id, name: authUser.name }).from(authUser).where(eq(authUser.siteId, "daugava"));
    const byId = new Map(people.map((p) => [p.id, p.name]));
    for (const p of plan.people) expect(byId.get(p.id)).toBe(fullName(p));

    const rows = await db.select().from(customers).where(eq(customers.siteId, "daugava"));
    const customerById = new Map(rows.map((c) => [c.id, c]));
    for (const c of plan.customers) {
      const row = customerById.get(c.id)!;
      expect({ name: row.name, firstName: row.firstName, lastName: row.lastName }).toEqual({ name: c.name, firstName: c.firstName, lastName: c.lastName });
    }
    expect(rows.filter((c) => c.kind === "private" && LATVIAN_LETTERS.test(c.name)).length).toBeGreaterThan(rows.length / 2);

    const personas = await db.select({ name: sandboxIdentities.name }).from(sandboxIdentities).where(eq(sandboxIdentities.siteId, "daugava"));
    expect(personas.map((p) => p.name).sort()).toEqual(
      plan.people
        .filter((p) => p.persona)
        .map(fullName)
        .sort(),
    );
    expect(personas.some((p) => p.name.includes("ņ"))).toBe(true);
  });
});
