import "server-only";
import { and, asc, count, eq, gte, inArray, isNull, or } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/server/db/client";
import { energyContracts, meteringPoints, outageContacts, type OutageContactKind } from "@/server/db/schema";
import { notFound, validationError, type FieldError } from "@/server/errors";
import { checkPhone } from "@/server/settings/phones";

/**
 * Outage contacts (spec §3, §7 outage addresses and contacts): per address, that is per energy
 * contract of an electricity usage point, who is told of outages there and how. The notifications
 * area reads them with `outageRecipients` when an outage touches the address.
 */
export interface OutageAddressView {
  contractId: string;
  gsrn: string;
  productName: string;
  street: string;
  postalCode: string;
  city: string;
  contacts: number;
}

export interface OutageContactView {
  id: string;
  kind: OutageContactKind;
  value: string;
  name: string | null;
}

export interface OutageContactInput {
  kind: OutageContactKind;
  value: string;
  name?: string | null;
}

const emailSchema = z.email().max(254);

/** The customer's addresses that can have outage contacts: contracts in force today or later, on electricity points. */
export async function listOutageAddresses(siteId: string, customerId: string, today: string): Promise<OutageAddressView[]> {
  const db = await getDb();
  const rows = await db
    .select({
      contractId: energyContracts.id,
      gsrn: meteringPoints.gsrn,
      productName: energyContracts.productName,
      street: meteringPoints.street,
      postalCode: meteringPoints.postalCode,
      city: meteringPoints.city,
    })
    .from(energyContracts)
    .innerJoin(meteringPoints, and(eq(meteringPoints.id, energyContracts.meteringPointId), eq(meteringPoints.siteId, siteId)))
    .where(
      and(
        eq(energyContracts.siteId, siteId),
        eq(energyContracts.customerId, customerId),
        eq(meteringPoints.energyKind, "electricity"),
        or(isNull(energyContracts.validTo), gte(energyContracts.validTo, today)),
      ),
    )
    .orderBy(asc(meteringPoints.street), asc(meteringPoints.gsrn), asc(energyContracts.validFrom));
  const counts = await db
    .select({ contractId: outageContacts.contractId, n: count() })
    .from(outageContacts)
    .where(and(eq(outageContacts.siteId, siteId), eq(outageContacts.customerId, customerId)))
    .groupBy(outageContacts.contractId);
  const byContract = new Map(counts.map((c) => [c.contractId, Number(c.n)]));
  return rows.map((r) => ({ ...r, contacts: byContract.get(r.contractId) ?? 0 }));
}

async function ownContract(siteId: string, customerId: string, contractId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ id: energyContracts.id })
    .from(energyContracts)
    .where(and(eq(energyContracts.siteId, siteId), eq(energyContracts.customerId, customerId), eq(energyContracts.id, contractId)));
  if (!row) throw notFound("outages.errors.contract-not-found");
  return row;
}

export async function listOutageContacts(siteId: string, customerId: string, contractId: string): Promise<OutageContactView[]> {
  await ownContract(siteId, customerId, contractId);
  const db = await getDb();
  return db
    .select({ id: outageContacts.id, kind: outageContacts.kind, value: outageContacts.value, name: outageContacts.name })
    .from(outageContacts)
    .where(and(eq(outageContacts.siteId, siteId), eq(outageContacts.customerId, customerId), eq(outageContacts.contractId, contractId)))
    .orderBy(asc(outageContacts.position));
}

/** Checks and normalises contacts: e-mails in lower case, phones in E.164, a Gsm must be a mobile number. */
export function checkOutageContacts(inputs: OutageContactInput[], country: string): { kind: OutageContactKind; value: string; name: string | null }[] {
  const fields: FieldError[] = [];
  const fail = (index: number, field: string, message: string, code = "invalid") => fields.push({ path: `contacts.${index}.${field}`, code, message });
  const out: { kind: OutageContactKind; value: string; name: string | null }[] = [];
  const seen = new Set<string>();
  inputs.forEach((input, index) => {
    let value = input.value.trim();
    const name = input.name?.trim() || null;
    if (name && /[\u0000-\u001f\u007f]/.test(name)) return fail(index, "name", "outages.errors.name-invalid");
    if (input.kind === "Email") {
      value = value.toLowerCase();
      if (!emailSchema.safeParse(value).success) return fail(index, "value", "outages.errors.email-invalid");
    } else if (input.kind === "Post") {
      value = value.replace(/\s+/g, " ");
      if (value.length < 8 || /[\u0000-\u001f\u007f]/.test(input.value.replace(/[\r\n\t]/g, " ")) || !/\d/.test(value)) return fail(index, "value", "outages.errors.address-invalid");
    } else {
      const phone = checkPhone(value, country);
      if (!phone.ok) return fail(index, "value", "outages.errors.phone-invalid");
      if (input.kind === "Gsm" && phone.mobile === false) return fail(index, "value", "outages.errors.not-a-mobile-number");
      value = phone.e164;
    }
    const key = `${input.kind}|${value}`;
    if (seen.has(key)) return fail(index, "value", "outages.errors.duplicate", "duplicate");
    seen.add(key);
    out.push({ kind: input.kind, value, name });
  });
  if (fields.length) throw validationError(fields);
  return out;
}

/** Replaces the outage contacts of one address (contract) with the list; answers the new list. */
export async function replaceOutageContacts(site: { id: string; country: string }, customerId: string, contractId: string, inputs: OutageContactInput[]): Promise<OutageContactView[]> {
  await ownContract(site.id, customerId, contractId);
  const contacts = checkOutageContacts(inputs, site.country);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(outageContacts).where(and(eq(outageContacts.siteId, site.id), eq(outageContacts.customerId, customerId), eq(outageContacts.contractId, contractId)));
    if (contacts.length) await tx.insert(outageContacts).values(contacts.map((c, position) => ({ siteId: site.id, customerId, contractId, position, ...c })));
  });
  return listOutageContacts(site.id, customerId, contractId);
}

/** Everyone to tell of an outage at the given usage points: the outage contacts of their contracts (for the notifications area). */
export async function outageRecipients(siteId: string, meteringPointIds: string[]): Promise<{ customerId: string; contractId: string; kind: OutageContactKind; value: string; name: string | null }[]> {
  if (!meteringPointIds.length) return [];
  const db = await getDb();
  const rows = await db
    .select({
      customerId: outageContacts.customerId,
      contractId: outageContacts.contractId,
      kind: outageContacts.kind,
      value: outageContacts.value,
      name: outageContacts.name,
      pointId: energyContracts.meteringPointId,
    })
    .from(outageContacts)
    .innerJoin(energyContracts, and(eq(energyContracts.id, outageContacts.contractId), eq(energyContracts.siteId, siteId)))
    .where(and(eq(outageContacts.siteId, siteId), inArray(energyContracts.meteringPointId, meteringPointIds)))
    .orderBy(asc(outageContacts.contractId), asc(outageContacts.position));
  return rows.map(({ pointId: _p, ...r }) => r);
}

/** The customer's outage contacts for "my data". */
export async function exportOutageContacts(siteId: string, customerId: string) {
  const db = await getDb();
  return db
    .select({ contractId: outageContacts.contractId, kind: outageContacts.kind, value: outageContacts.value, name: outageContacts.name, createdAt: outageContacts.createdAt })
    .from(outageContacts)
    .where(and(eq(outageContacts.siteId, siteId), eq(outageContacts.customerId, customerId)))
    .orderBy(asc(outageContacts.contractId), asc(outageContacts.position));
}

/**
 * The outage contacts section of "my data" (an export section of src/server/settings,
 * `{ key, collect }`): every address's contacts; undefined when there are none.
 */
export const outageContactsExportSection = {
  key: "outageContacts",
  async collect({ site, customerId }: { site: { id: string }; customerId: string }) {
    const rows = await exportOutageContacts(site.id, customerId);
    if (!rows.length) return undefined;
    return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
  },
};
