import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb, queryRows } from "@/server/db/client";
import { customerAddresses, customers, meteringPoints } from "@/server/db/schema";
import { notFound, validationError, type FieldError } from "@/server/errors";
import { listCountries } from "@/server/reference/reference";
import { hasFeature } from "@/lib/features";
import { auditChange, requirePermission, type SettingsActor } from "./actor";

export type AddressType = "postal" | "billing" | "usage-point";

export interface AddressView {
  id: string;
  type: AddressType;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  country: string;
  editable: boolean;
  sameAsPostal: boolean;
  name: string | null;
  gsrns: string[];
  activeContract: boolean | null;
}

export interface AddressInput {
  street: string;
  postalCode: string;
  city: string;
  country: string;
}

/**
 * How far back a usage point's readings make it "with an active contract". Contracts are not kept
 * by the portal yet: until they are, a usage point that has had metering data in the last twelve
 * months is taken to be supplied under an active contract (a point whose contract ended stops
 * getting data), and one without is not. When contracts arrive, this becomes a join on them.
 */
const ACTIVE_WITHIN_MONTHS = 12;

async function activePointIds(siteId: string, customerId: string): Promise<Set<string>> {
  const db = await getDb();
  const since = new Date();
  since.setUTCMonth(since.getUTCMonth() - ACTIVE_WITHIN_MONTHS);
  const cutoff = since.toISOString().slice(0, 10);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select p.id::text as id from metering_points p
        where p.site_id = ${siteId} and p.customer_id = ${customerId}::uuid
          and (exists (select 1 from interval_readings_daily d where d.metering_point_id = p.id and d.series = 1 and d.day >= ${cutoff}::date)
            or exists (select 1 from interval_readings_daily d where d.metering_point_id = p.id and d.series = 2 and d.day >= ${cutoff}::date))`,
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * The customer's addresses (spec §7 GET /api/me/addresses): postal and billing, which whoever may
 * change addresses can edit, and the usage points' addresses from the metering data, read-only,
 * one per location. `activeOnly` keeps usage points with an active contract; a site with
 * `addresses.active-contracts-only` always has it on.
 */
export async function listAddresses(actor: Pick<SettingsActor, "site" | "customerId" | "role">, opts: { requestType?: AddressType; activeOnly?: boolean } = {}): Promise<AddressView[]> {
  const { site, customerId } = actor;
  const db = await getDb();
  const [c] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.siteId, site.id), eq(customers.id, customerId)));
  if (!c) throw notFound();
  const editable = actor.role !== "representative";
  const out: AddressView[] = [];
  const want = (t: AddressType) => !opts.requestType || opts.requestType === t;
  const base = { gsrns: [] as string[], name: null, activeContract: null };
  if (want("postal")) out.push({ id: "postal", type: "postal", street: c.street, postalCode: c.postalCode, city: c.city, country: c.country, editable, sameAsPostal: false, ...base });
  if (want("billing")) {
    const [billing] = await db
      .select()
      .from(customerAddresses)
      .where(and(eq(customerAddresses.siteId, site.id), eq(customerAddresses.customerId, customerId), eq(customerAddresses.type, "billing")));
    out.push(
      billing
        ? { id: "billing", type: "billing", street: billing.street, postalCode: billing.postalCode, city: billing.city, country: billing.country, editable, sameAsPostal: false, ...base }
        : { id: "billing", type: "billing", street: c.street, postalCode: c.postalCode, city: c.city, country: c.country, editable, sameAsPostal: true, ...base },
    );
  }
  if (want("usage-point")) {
    const points = await db
      .select()
      .from(meteringPoints)
      .where(and(eq(meteringPoints.siteId, site.id), eq(meteringPoints.customerId, customerId)))
      .orderBy(asc(meteringPoints.locationName), asc(meteringPoints.gsrn));
    const active = await activePointIds(site.id, customerId);
    const activeOnly = hasFeature(site, "addresses.active-contracts-only") || !!opts.activeOnly;
    const byLocation = new Map<string, AddressView>();
    for (const p of points) {
      let a = byLocation.get(p.locationId);
      if (!a) {
        a = {
          id: p.locationId,
          type: "usage-point",
          street: p.street,
          postalCode: p.postalCode,
          city: p.city,
          country: site.country,
          editable: false,
          sameAsPostal: false,
          name: p.locationName,
          gsrns: [],
          activeContract: false,
        };
        byLocation.set(p.locationId, a);
      }
      a.gsrns.push(p.gsrn);
      if (active.has(p.id)) a.activeContract = true;
    }
    out.push(...[...byLocation.values()].filter((a) => !activeOnly || a.activeContract));
  }
  return out;
}

const POSTAL_CODES: Record<string, { pattern: RegExp; normalize: (v: string) => string }> = {
  FI: { pattern: /^[0-9]{5}$/, normalize: (v) => v },
  EE: { pattern: /^[0-9]{5}$/, normalize: (v) => v },
  LV: { pattern: /^(LV-?)?[0-9]{4}$/i, normalize: (v) => `LV-${v.replace(/^LV-?/i, "")}` },
};

const CONTROL = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/u;

/** Checks an address and gives it back as stored: postal code in the country's form, country upper case. */
export async function checkAddress(input: AddressInput, path = ""): Promise<AddressInput> {
  const fields: FieldError[] = [];
  const at = (f: string) => (path ? `${path}.${f}` : f);
  const street = input.street.trim().replace(/\s+/g, " ");
  const city = input.city.trim().replace(/\s+/g, " ");
  const postal = input.postalCode.trim().replace(/\s+/g, "");
  const country = input.country.trim().toUpperCase();
  if (CONTROL.test(street) || !/\p{L}/u.test(street)) fields.push({ path: at("street"), code: "invalid", message: "settings.errors.street-invalid" });
  if (CONTROL.test(city) || !/^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u.test(city)) fields.push({ path: at("city"), code: "invalid", message: "settings.errors.city-invalid" });
  const known = (await listCountries()).some((c) => c.code === country);
  const rule = POSTAL_CODES[country];
  if (!known || !rule) fields.push({ path: at("country"), code: "invalid", message: "settings.errors.country-not-served" });
  else if (!rule.pattern.test(postal)) fields.push({ path: at("postalCode"), code: "invalid", message: "settings.errors.postal-code-invalid" });
  if (fields.length) throw validationError(fields);
  return { street, city, postalCode: rule!.normalize(postal), country };
}

/**
 * Changes the postal or billing address (PUT /api/me/addresses/postal|billing). The postal
 * address is the customer's own (the customer row); a billing address is kept apart until it is
 * set, the postal one is used for invoices before that.
 */
export async function updateAddress(actor: SettingsActor, type: "postal" | "billing", input: AddressInput): Promise<AddressView> {
  requirePermission(actor, "addresses");
  const { site, customerId } = actor;
  const address = await checkAddress(input);
  const db = await getDb();
  const [before] = await listAddresses(actor, { requestType: type });
  if (type === "postal") {
    await db
      .update(customers)
      .set({ ...address, updatedAt: new Date() })
      .where(and(eq(customers.siteId, site.id), eq(customers.id, customerId)));
  } else {
    await db
      .insert(customerAddresses)
      .values({ siteId: site.id, customerId, type: "billing", ...address })
      .onConflictDoUpdate({
        target: [customerAddresses.customerId, customerAddresses.type],
        set: { ...address, updatedAt: new Date() },
        setWhere: eq(customerAddresses.siteId, site.id),
      });
  }
  const [after] = await listAddresses(actor, { requestType: type });
  await auditChange(actor, "address-updated", { type, from: pick(before), to: pick(after) });
  return after;
}

const pick = (a: AddressView | undefined) => (a ? { street: a.street, postalCode: a.postalCode, city: a.city, country: a.country } : null);
