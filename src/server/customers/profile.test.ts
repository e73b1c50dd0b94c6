import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { SEEDERS } from "@/server/demo/seed";
import { getDb } from "@/server/db/client";
import { customers } from "@/server/db/schema";
import { getSiteById, type Site } from "@/server/sites/sites";
import { AppError } from "@/server/errors";
import type { SettingsActor } from "@/server/settings/actor";
import { customerOf, planOf } from "@/server/settings/testing";
import { profileFor, updateProfile } from "./profile";

/**
 * The profile service as pages and jobs call it (without HTTP): the rules hold for every caller.
 * The API's own tests are in src/api/routers/settings*.test.ts.
 */
let cleanup: () => Promise<void>;
let aurora: Site;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => s.name === "sites, people and customers" || s.name === "settings") }));
  aurora = (await getSiteById("aurora"))!;
});
afterAll(async () => cleanup());

const actorFor = (site: Site, customerId: string, personId: string, role: SettingsActor["role"]): SettingsActor => ({ site, customerId, personId, role });

async function refusal(run: () => Promise<unknown>): Promise<{ status: number; fields: { path: string; message: string }[] }> {
  try {
    await run();
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, fields: (err.details?.fields ?? []) as { path: string; message: string }[] };
    throw err;
  }
  throw new Error("expected a refusal");
}

describe("profile service", () => {
  it("answers what each role may change", async () => {
    const c = customerOf("aurora", "solar-household");
    const owner = await profileFor(actorFor(aurora, c.id, c.owner!.id, "owner"));
    const rep = await profileFor(actorFor(aurora, c.id, "someone", "representative"));
    const staff = await profileFor(actorFor(aurora, c.id, "staff", "customer_service"));
    expect(owner.permissions).toEqual(staff.permissions);
    expect(
      Object.entries(rep.permissions)
        .filter(([, v]) => v)
        .map(([k]) => k),
    ).toEqual(["contacts", "appearance", "export"]);
    expect(owner.representativeCode).toBe(c.representativeCode);
    expect(rep.representativeCode).toBeNull();
    expect(staff.representativeCode).toBeNull();
  });

  it("stores a trimmed name and derives the full name; nothing when any field is refused", async () => {
    const c = customerOf("aurora", "apartment");
    const actor = actorFor(aurora, c.id, c.owner!.id, "owner");
    const answer = await updateProfile(actor, { firstName: "Eeva", lastName: "Mäki-Laine" }, "http://aurora.localhost");
    expect(answer.name).toBe("Eeva Mäki-Laine");
    const db = await getDb();
    const [row] = await db.select().from(customers).where(eq(customers.id, c.id));
    expect(row).toMatchObject({ firstName: "Eeva", lastName: "Mäki-Laine", name: "Eeva Mäki-Laine" });

    const refused = await refusal(() => updateProfile(actor, { firstName: "Ei", locale: "et-EE" }, "http://aurora.localhost"));
    expect(refused).toEqual({ status: 422, fields: [expect.objectContaining({ path: "locale", message: "errors.locale-not-available" })] });
    const [after] = await db.select().from(customers).where(eq(customers.id, c.id));
    expect(after.firstName).toBe("Eeva");
  });

  it("refuses a representative's changes field by field, and a legal customer's first name", async () => {
    const plan = planOf("aurora");
    const company = customerOf("aurora", "company-owner", "legal");
    const rep = await refusal(() => updateProfile(actorFor(aurora, company.id, plan.people[0].id, "representative"), { name: "Uusi Oy", email: null }, "http://aurora.localhost"));
    expect(rep.fields.map((f) => [f.path, f.message])).toEqual([["name", "settings.errors.not-permitted"]]);
    const owner = await refusal(() => updateProfile(actorFor(aurora, company.id, company.owner!.id, "owner"), { firstName: "Helmi" }, "http://aurora.localhost"));
    expect(owner.fields).toEqual([expect.objectContaining({ path: "firstName", message: "settings.errors.private-customers-only" })]);
  });

  it("reports a refused primary e-mail change on the profile's field", async () => {
    const plan = planOf("aurora");
    const c = customerOf("aurora", "house-gas");
    const refused = await refusal(() => updateProfile(actorFor(aurora, c.id, plan.people[0].id, "representative"), { email: "edustaja@example.fi" }, "http://aurora.localhost"));
    expect(refused.status).toBe(422);
    expect(refused.fields.every((f) => f.path === "email")).toBe(true);
    expect(refused.fields.map((f) => f.message)).toContain("settings.errors.primary-email-owner-only");
  });
});
