import "server-only";
import { announceOutages } from "./announce";
import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { meteringPoints, outagePoints, outages, type OutageCause, type OutageKind, type OutageStatus } from "@/server/db/schema";
import { readCsv } from "@/server/importers/csv";
import { mapHeader } from "@/server/importers/readings";
import { ImportError, MAX_ISSUES, parseDecimal, parseTimestampWithOffset, type ImportIssue, type ImportResult } from "@/server/importers/types";

/**
 * Outage reports from a grid operator's systems (POST /api/import/outages, `npm run import --
 * outages`). Each row is the state of one outage as the operator knows it now: a new id starts an
 * outage, the same id again updates it, an end time (restoration) closes it and records its
 * duration. Re-delivering a report changes nothing, and a late copy of an older report does not
 * reopen an outage that has been closed. Any bad row rejects the whole delivery, by line.
 */
export interface OutageInput {
  line: number;
  id: string;
  kind: string;
  status?: string;
  cause?: string;
  areaName: string;
  start: string;
  estimatedRestoration?: string;
  end?: string;
  customersAffected?: string;
  postalCodes: string[];
  gsrns: string[];
  latitude?: string;
  longitude?: string;
  radiusKm?: string;
}

export const OUTAGE_KINDS: readonly OutageKind[] = ["fault", "planned"];
export const OUTAGE_STATUSES: readonly OutageStatus[] = ["planned", "active", "restored", "cancelled"];
export const OUTAGE_CAUSES: readonly OutageCause[] = ["storm", "snow", "tree", "equipment", "cable-damage", "maintenance", "construction", "overload", "unknown"];

const COLUMNS = {
  id: ["id", "outage_id", "external_id"],
  kind: ["kind", "type"],
  status: ["status", "state"],
  cause: ["cause"],
  areaName: ["area_name", "area"],
  start: ["start", "starts_at", "start_time"],
  estimatedRestoration: ["estimated_restoration", "estimated_end", "eta"],
  end: ["end", "ended_at", "restored_at", "end_time"],
  customersAffected: ["customers_affected", "customers"],
  postalCodes: ["postal_codes", "postal_code", "zip"],
  gsrns: ["gsrns", "gsrn", "usage_points"],
  latitude: ["latitude", "lat"],
  longitude: ["longitude", "lon", "lng"],
  radiusKm: ["radius_km", "radius"],
};
type Column = keyof typeof COLUMNS;
const REQUIRED: Column[] = ["id", "kind", "areaName", "start"];

const list = (text: string | undefined) => (text ?? "").split(/[\s,;]+/).filter(Boolean);

/** Reads an outages CSV (header row, comma or semicolon separated; lists in a cell separated by spaces). */
export function parseOutagesCsv(text: string): OutageInput[] {
  const records = readCsv(text);
  const first = records.next();
  if (first.done) throw new ImportError([{ line: 1, field: "file", message: "outages.import.errors.empty-file" }]);
  const { index, issues } = mapHeader(first.value.fields, COLUMNS, REQUIRED, first.value.line);
  if (issues.length) throw new ImportError(issues.map((i) => ({ ...i, message: "outages.import.errors.missing-column" })));
  const field = (fields: string[], k: Column) => {
    const at = index[k];
    return at === undefined ? undefined : (fields[at] ?? "").trim() || undefined;
  };
  const rows: OutageInput[] = [];
  for (const r of records) {
    if (r.fields.every((f) => !f.trim())) continue;
    rows.push({
      line: r.line,
      id: field(r.fields, "id") ?? "",
      kind: field(r.fields, "kind") ?? "",
      status: field(r.fields, "status"),
      cause: field(r.fields, "cause"),
      areaName: field(r.fields, "areaName") ?? "",
      start: field(r.fields, "start") ?? "",
      estimatedRestoration: field(r.fields, "estimatedRestoration"),
      end: field(r.fields, "end"),
      customersAffected: field(r.fields, "customersAffected"),
      postalCodes: list(field(r.fields, "postalCodes")),
      gsrns: list(field(r.fields, "gsrns")),
      latitude: field(r.fields, "latitude"),
      longitude: field(r.fields, "longitude"),
      radiusKm: field(r.fields, "radiusKm"),
    });
  }
  if (!rows.length) throw new ImportError([{ line: first.value.line, field: "file", message: "outages.import.errors.empty-file" }]);
  return rows;
}

interface CheckedOutage {
  line: number;
  externalId: string;
  kind: OutageKind;
  status: OutageStatus | null;
  cause: OutageCause | null;
  areaName: string;
  startsAt: Date;
  estimatedRestorationAt: Date | null;
  endedAt: Date | null;
  customersAffected: number;
  postalCodes: string[];
  gsrns: string[];
  latitude: number | null;
  longitude: number | null;
  radiusKm: number | null;
}

function checkRow(r: OutageInput, issues: ImportIssue[]): CheckedOutage | null {
  const before = issues.length;
  const bad = (field: string, message: string, value?: string) => issues.push({ line: r.line, field, message, ...(value !== undefined ? { value: value.slice(0, 80) } : {}) });
  const id = (r.id ?? "").trim();
  if (!/^[A-Za-z0-9._:/-]{1,64}$/.test(id)) bad("id", "outages.import.errors.bad-id", id);
  const kind = (r.kind ?? "").trim().toLowerCase();
  if (!OUTAGE_KINDS.includes(kind as OutageKind)) bad("kind", "outages.import.errors.bad-kind", r.kind);
  const status = r.status?.trim().toLowerCase() || null;
  if (status !== null && !OUTAGE_STATUSES.includes(status as OutageStatus)) bad("status", "outages.import.errors.bad-status", r.status);
  const cause = r.cause?.trim().toLowerCase() || null;
  if (cause !== null && !OUTAGE_CAUSES.includes(cause as OutageCause)) bad("cause", "outages.import.errors.bad-cause", r.cause);
  const areaName = (r.areaName ?? "").trim();
  if (!areaName || areaName.length > 120 || /[\u0000-\u001f]/.test(areaName)) bad("areaName", "outages.import.errors.bad-area-name");
  const time = (field: string, text: string | undefined) => {
    if (text === undefined || text.trim() === "") return null;
    const ms = parseTimestampWithOffset(text);
    if (ms === null || ms < Date.UTC(2000, 0, 1) || ms > Date.UTC(2100, 0, 1)) {
      bad(field, "outages.import.errors.bad-time", text);
      return null;
    }
    return new Date(ms);
  };
  const startsAt = time("start", r.start);
  if (!startsAt && !issues.slice(before).some((i) => i.field === "start")) bad("start", "outages.import.errors.bad-time", r.start ?? "");
  const estimatedRestorationAt = time("estimatedRestoration", r.estimatedRestoration);
  const endedAt = time("end", r.end);
  if (startsAt && endedAt && endedAt < startsAt) bad("end", "outages.import.errors.end-before-start", r.end);
  if (startsAt && estimatedRestorationAt && estimatedRestorationAt < startsAt) bad("estimatedRestoration", "outages.import.errors.end-before-start", r.estimatedRestoration);
  if (status === "restored" && !endedAt) bad("end", "outages.import.errors.end-required");
  if (endedAt && status !== null && status !== "restored" && status !== "cancelled") bad("status", "outages.import.errors.ended-not-restored", r.status);
  const number = (field: string, text: string | undefined, min: number, max: number, integer = false) => {
    if (text === undefined || text.trim() === "") return null;
    const n = parseDecimal(text);
    if (n === null || n < min || n > max || (integer && !Number.isInteger(n))) {
      bad(field, "outages.import.errors.bad-number", text);
      return null;
    }
    return n;
  };
  const customersAffected = number("customersAffected", r.customersAffected, 0, 10_000_000, true) ?? 0;
  const latitude = number("latitude", r.latitude, -90, 90);
  const longitude = number("longitude", r.longitude, -180, 180);
  const radiusKm = number("radiusKm", r.radiusKm, 0, 500);
  if ((latitude === null) !== (longitude === null)) bad(latitude === null ? "latitude" : "longitude", "outages.import.errors.coordinates-pair");
  const postalCodes = [...new Set((r.postalCodes ?? []).map((c) => c.trim().toUpperCase()))];
  for (const c of postalCodes) if (!/^[A-Z0-9][A-Z0-9 -]{1,9}$/.test(c)) bad("postalCodes", "outages.import.errors.bad-postal-code", c);
  const gsrns = [...new Set((r.gsrns ?? []).map((g) => g.trim()))];
  for (const g of gsrns) if (!/^[0-9]{18}$/.test(g)) bad("gsrns", "outages.import.errors.bad-gsrn", g);
  if (!postalCodes.length && !gsrns.length) bad("postalCodes", "outages.import.errors.no-area");
  if (issues.length > before) return null;
  return {
    line: r.line,
    externalId: id,
    kind: kind as OutageKind,
    status: status as OutageStatus | null,
    cause: cause as OutageCause | null,
    areaName,
    startsAt: startsAt!,
    estimatedRestorationAt,
    endedAt,
    customersAffected,
    postalCodes,
    gsrns,
    latitude,
    longitude,
    radiusKm,
  };
}

const sameTime = (a: Date | null, b: Date | null) => (a ? new Date(a).getTime() : null) === (b ? new Date(b).getTime() : null);

/** Imports outage reports into a site: one transaction, nothing written when any row is bad. */
export async function importOutages(siteId: string, rows: OutageInput[], now = Date.now()): Promise<ImportResult> {
  const issues: ImportIssue[] = [];
  const checked: CheckedOutage[] = [];
  for (const r of rows) {
    const c = checkRow(r, issues);
    if (c) checked.push(c);
    if (issues.length >= MAX_ISSUES) break;
  }
  const db = await getDb();
  const wanted = [...new Set(checked.flatMap((c) => c.gsrns))];
  const pointIds = new Map<string, string>();
  for (let i = 0; i < wanted.length; i += 1000) {
    const found = await db
      .select({ id: meteringPoints.id, gsrn: meteringPoints.gsrn })
      .from(meteringPoints)
      .where(and(eq(meteringPoints.siteId, siteId), inArray(meteringPoints.gsrn, wanted.slice(i, i + 1000))));
    for (const p of found) pointIds.set(p.gsrn, p.id);
  }
  for (const c of checked)
    for (const g of c.gsrns) if (!pointIds.has(g) && issues.length < MAX_ISSUES) issues.push({ line: c.line, field: "gsrns", message: "outages.import.errors.unknown-gsrn", value: g });
  if (issues.length) throw new ImportError(issues.slice(0, MAX_ISSUES));

  const result: ImportResult = { rows: rows.length, inserted: 0, updated: 0, unchanged: 0 };
  /** The outages this import started or changed: announced once it has committed. */
  const changed: string[] = [];
  await db.transaction(async (tx) => {
    for (const c of checked) {
      const [existing] = await tx
        .select()
        .from(outages)
        .where(and(eq(outages.siteId, siteId), eq(outages.externalId, c.externalId)))
        .for("update");
      // A closed outage stays closed: a late copy of an earlier report changes nothing.
      if (existing?.status === "restored" && !c.endedAt && c.status !== "cancelled") {
        result.unchanged++;
        continue;
      }
      const endedAt = c.endedAt ?? (existing?.status === "restored" ? existing.endedAt : null);
      const status: OutageStatus = c.status ?? (endedAt ? "restored" : c.kind === "planned" && c.startsAt.getTime() > now ? "planned" : "active");
      const durationMinutes = status === "restored" && endedAt ? Math.round((new Date(endedAt).getTime() - c.startsAt.getTime()) / 60_000) : null;
      const values = {
        kind: c.kind,
        status,
        cause: c.cause ?? existing?.cause ?? null,
        areaName: c.areaName,
        postalCodes: c.postalCodes,
        startsAt: c.startsAt,
        estimatedRestorationAt: c.estimatedRestorationAt ?? (existing && !c.endedAt ? existing.estimatedRestorationAt : null) ?? null,
        endedAt: status === "restored" || status === "cancelled" ? endedAt : null,
        durationMinutes,
        customersAffected: c.customersAffected,
        latitude: c.latitude,
        longitude: c.longitude,
        radiusKm: c.radiusKm,
      };
      const ids = c.gsrns.map((g) => pointIds.get(g)!).sort();
      let outageId: string;
      if (!existing) {
        const [row] = await tx
          .insert(outages)
          .values({ siteId, externalId: c.externalId, ...values })
          .returning({ id: outages.id });
        outageId = row.id;
        result.inserted++;
      } else {
        outageId = existing.id;
        const oldIds = (
          await tx
            .select({ id: outagePoints.meteringPointId })
            .from(outagePoints)
            .where(and(eq(outagePoints.siteId, siteId), eq(outagePoints.outageId, existing.id)))
        )
          .map((p) => p.id)
          .sort();
        const same =
          existing.kind === values.kind &&
          existing.status === values.status &&
          existing.cause === values.cause &&
          existing.areaName === values.areaName &&
          existing.postalCodes.join(" ") === values.postalCodes.join(" ") &&
          sameTime(existing.startsAt, values.startsAt) &&
          sameTime(existing.estimatedRestorationAt, values.estimatedRestorationAt) &&
          sameTime(existing.endedAt, values.endedAt) &&
          existing.durationMinutes === values.durationMinutes &&
          existing.customersAffected === values.customersAffected &&
          existing.latitude === values.latitude &&
          existing.longitude === values.longitude &&
          existing.radiusKm === values.radiusKm &&
          oldIds.join() === ids.join();
        if (same) {
          result.unchanged++;
          continue;
        }
        await tx
          .update(outages)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(outages.siteId, siteId), eq(outages.id, existing.id)));
        await tx.delete(outagePoints).where(and(eq(outagePoints.siteId, siteId), eq(outagePoints.outageId, existing.id)));
        result.updated++;
      }
      if (ids.length) await tx.insert(outagePoints).values(ids.map((meteringPointId) => ({ outageId, siteId, meteringPointId })));
      changed.push(outageId);
    }
  });
  await announceOutages(siteId, changed);
  return result;
}

/** An outages CSV file into a site (`npm run import -- outages`). */
export async function importOutagesCsv(siteId: string, text: string): Promise<ImportResult> {
  return importOutages(siteId, parseOutagesCsv(text));
}
