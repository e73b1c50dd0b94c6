import "server-only";
import { sql } from "drizzle-orm";
import { getDb, queryRows, type Db } from "@/server/db/client";
import { authUser, banks, countries, customerAccess, customers, eInvoiceOperators, sandboxIdentities, siteStaff } from "@/server/db/schema";
import { createSite, getSiteById } from "@/server/sites/sites";
import { encryptSsn, hashSsn } from "@/server/auth/ssn-crypto";
import { ssnIdentityKey } from "@/server/auth/identity-keys";
import { DEMO_BANKS, DEMO_COUNTRIES, DEMO_OPERATORS, DEMO_SITES } from "./sites";
import { planDemo, type DemoPlan } from "./plan";
import { meteringSeeder } from "./metering-seeder";
import { invoiceSeeder } from "./invoice-seeder";
import { engagementSeeder } from "./engagement-seeder";
import { supportSeeder } from "./support-seeder";
import { settingsSeeder } from "./settings-seeder";
import { contractsSeeder } from "@/server/contracts/demo-seeder";
import { outagesSeeder } from "@/server/outages/demo-seeder";
import { notificationsSeeder } from "@/server/notifications/demo-seeder";
import type { SeedContext, Seeder } from "./seeder";
import { hasFeature } from "@/lib/features";

export type { SeedContext, Seeder };

const coreSeeder: Seeder = {
  name: "sites, people and customers",
  async run({ db, plans }) {
    await db.insert(countries).values(DEMO_COUNTRIES).onConflictDoNothing();
    for (const [country, list] of Object.entries(DEMO_BANKS)) {
      const rows = list.flatMap((b, i) => [
        { country, name: b.name, bic: b.bic, type: "BANK_LINK", sortOrder: i },
        ...(b.eInvoice ? [{ country, name: b.name, bic: b.bic, type: "E_INVOICE", sortOrder: i }] : []),
      ]);
      await db.insert(banks).values(rows).onConflictDoNothing();
    }
    for (const [country, list] of Object.entries(DEMO_OPERATORS)) {
      await db
        .insert(eInvoiceOperators)
        .values(list.map((o) => ({ country, ...o })))
        .onConflictDoNothing();
    }
    for (const plan of plans) {
      const { site } = plan;
      if (!(await getSiteById(site.id))) {
        const { seed: _seed, ...input } = site;
        await createSite(input);
      }
      const everyone = [...plan.people];
      await db
        .insert(authUser)
        .values(
          everyone.map((p) => {
            const ssnHash = hashSsn(p.ssn);
            return {
              id: p.id,
              name: `${p.firstName} ${p.lastName}`,
              email: ssnIdentityKey(site.id, ssnHash),
              emailVerified: true,
              siteId: site.id,
              ssnHash,
              ssnCiphertext: encryptSsn(p.ssn),
              identityKind: "SsnVerified",
              role: "user",
            };
          }),
        )
        .onConflictDoNothing();
      await db
        .insert(customers)
        .values(
          plan.customers.map((c) => ({
            id: c.id,
            siteId: site.id,
            kind: c.kind,
            clientCode: c.clientCode,
            name: c.name,
            firstName: c.firstName,
            lastName: c.lastName,
            registryCode: c.registryCode,
            ssnHash: c.kind === "private" && c.owner ? hashSsn(c.owner.ssn) : null,
            ssnCiphertext: c.kind === "private" && c.owner ? encryptSsn(c.owner.ssn) : null,
            email: c.email,
            phone: c.phone,
            locale: site.defaultLocaleId,
            street: c.street,
            postalCode: c.postalCode,
            city: c.city,
            country: site.country,
            representativeCode: c.representativeCode,
            membershipNumber: hasFeature(site, "membership-number") ? `M-${c.clientCode}` : null,
          })),
        )
        .onConflictDoNothing();
      const access = [
        ...plan.customers.filter((c) => c.owner).map((c) => ({ personId: c.owner!.id, customerId: c.id, siteId: site.id, role: "owner" as const })),
        ...plan.representations.map((r) => ({ ...r, siteId: site.id, role: "representative" as const })),
      ];
      await db.insert(customerAccess).values(access).onConflictDoNothing();
      await db
        .insert(siteStaff)
        .values(plan.staff.map((s) => ({ personId: s.person.id, siteId: site.id, role: s.role })))
        .onConflictDoNothing();
      const personas = plan.people.filter((p) => p.persona);
      await db
        .insert(sandboxIdentities)
        .values(
          personas.map((p, i) => ({
            id: `${site.id}-${p.persona}`,
            siteId: site.id,
            ssn: p.ssn,
            name: `${p.firstName} ${p.lastName}`,
            description: p.persona!,
            sortOrder: i,
          })),
        )
        .onConflictDoNothing();
    }
  },
};

/** Area seeders run in this order; each reads the same deterministic plans. */
export const SEEDERS: Seeder[] = [coreSeeder, meteringSeeder, invoiceSeeder, engagementSeeder, supportSeeder, settingsSeeder, contractsSeeder, outagesSeeder, notificationsSeeder];

export function registerSeeder(seeder: Seeder) {
  if (!SEEDERS.some((s) => s.name === seeder.name)) SEEDERS.push(seeder);
}

export async function isDatabaseEmpty(db?: Db): Promise<boolean> {
  const d = db ?? (await getDb());
  const [row] = await queryRows<{ n: number }>(d, sql`select count(*)::int as n from sites`);
  return Number(row.n) === 0;
}

export function demoPlans(): DemoPlan[] {
  return DEMO_SITES.map(planDemo);
}

export async function seedDemo(opts: { log?: (m: string) => void; seeders?: Seeder[] } = {}): Promise<void> {
  const db = await getDb();
  const log = opts.log ?? (() => {});
  const plans = demoPlans();
  for (const seeder of opts.seeders ?? SEEDERS) {
    const started = Date.now();
    await seeder.run({ db, plans, log });
    log(`  ${seeder.name}: ${Date.now() - started} ms`);
  }
}
