import "server-only";
import { and, desc, eq, gte, inArray, or, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { meterEvents, meteringPoints, outagePoints, outages, type MeterEventKind, type OutageCause, type OutageKind, type OutageStatus } from "@/server/db/schema";
import { notFound } from "@/server/errors";

/** What a customer sees of an outage (the API's `Outage`). */
export interface OutageView {
  id: string;
  kind: OutageKind;
  status: OutageStatus;
  cause: OutageCause | null;
  areaName: string;
  startsAt: string;
  estimatedRestorationAt: string | null;
  endedAt: string | null;
  durationMinutes: number | null;
  customersAffected: number;
  latitude: number | null;
  longitude: number | null;
  radiusKm: number | null;
  affectedPoints: { gsrn: string; address: string }[];
}

export interface PastOutageView {
  id: string;
  kind: OutageKind;
  cause: OutageCause | null;
  areaName: string;
  startsAt: string;
  endedAt: string;
  durationMinutes: number;
}

export interface UsagePointOutagesView {
  gsrn: string;
  energyKind: "electricity" | "gas" | "heating";
  address: string;
  outages: PastOutageView[];
  totalMinutes: number;
}

export interface CustomerOutagesView {
  current: OutageView[];
  planned: OutageView[];
  past: UsagePointOutagesView[];
  lastOutageEndedAt: string | null;
  allClear: boolean;
}

const YEAR_MS = 365 * 86_400_000;
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const addressOf = (p: { street: string; postalCode: string; city: string }) => `${p.street}, ${p.postalCode} ${p.city}`;

/**
 * The outages that touch a customer's electricity usage points: those going on now, planned work
 * to come, and per usage point the ended ones of the last 12 months with their durations. An
 * outage touches a point when the report names the point or the point's postal code.
 */
export async function customerOutages(siteId: string, customerId: string, now = Date.now()): Promise<CustomerOutagesView> {
  const db = await getDb();
  const points = await db
    .select({
      id: meteringPoints.id,
      gsrn: meteringPoints.gsrn,
      energyKind: meteringPoints.energyKind,
      street: meteringPoints.street,
      postalCode: meteringPoints.postalCode,
      city: meteringPoints.city,
    })
    .from(meteringPoints)
    .where(and(eq(meteringPoints.siteId, siteId), eq(meteringPoints.customerId, customerId), eq(meteringPoints.energyKind, "electricity")))
    .orderBy(meteringPoints.street, meteringPoints.gsrn);
  const empty: CustomerOutagesView = { current: [], planned: [], past: [], lastOutageEndedAt: null, allClear: true };
  if (!points.length) return empty;
  const pointIds = points.map((p) => p.id);
  const postalCodes = [...new Set(points.map((p) => p.postalCode))];
  const since = new Date(now - YEAR_MS);
  const named = db
    .select({ outageId: outagePoints.outageId })
    .from(outagePoints)
    .where(and(eq(outagePoints.siteId, siteId), inArray(outagePoints.meteringPointId, pointIds)));
  const rows = await db
    .select()
    .from(outages)
    .where(
      and(
        eq(outages.siteId, siteId),
        or(inArray(outages.status, ["active", "planned"]), and(eq(outages.status, "restored"), gte(outages.endedAt, since))),
        or(
          inArray(outages.id, named),
          sql`${outages.postalCodes} && array[${sql.join(
            postalCodes.map((c) => sql`${c}`),
            sql`, `,
          )}]::text[]`,
        ),
      ),
    )
    .orderBy(desc(outages.startsAt));
  if (!rows.length) return empty;
  const links = await db
    .select({ outageId: outagePoints.outageId, pointId: outagePoints.meteringPointId })
    .from(outagePoints)
    .where(
      and(
        eq(outagePoints.siteId, siteId),
        inArray(
          outagePoints.outageId,
          rows.map((r) => r.id),
        ),
        inArray(outagePoints.meteringPointId, pointIds),
      ),
    );
  const touched = (o: (typeof rows)[number]) => points.filter((p) => o.postalCodes.includes(p.postalCode) || links.some((l) => l.outageId === o.id && l.pointId === p.id));
  const view = (o: (typeof rows)[number]): OutageView => ({
    id: o.id,
    kind: o.kind,
    status: o.status,
    cause: o.cause,
    areaName: o.areaName,
    startsAt: iso(o.startsAt)!,
    estimatedRestorationAt: iso(o.estimatedRestorationAt),
    endedAt: iso(o.endedAt),
    durationMinutes: o.durationMinutes,
    customersAffected: o.customersAffected,
    latitude: o.latitude,
    longitude: o.longitude,
    radiusKm: o.radiusKm,
    affectedPoints: touched(o).map((p) => ({ gsrn: p.gsrn, address: addressOf(p) })),
  });
  const open = rows.filter((o) => o.status === "active" || o.status === "planned");
  // Planned work whose start has come is going on now, as far as the customer can tell.
  const isCurrent = (o: (typeof rows)[number]) => o.status === "active" || new Date(o.startsAt).getTime() <= now;
  const current = open.filter(isCurrent).map(view);
  const planned = open
    .filter((o) => !isCurrent(o))
    .map(view)
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const ended = rows.filter((o) => o.status === "restored" && o.endedAt);
  const past = points.map((p) => {
    const list = ended
      .filter((o) => touched(o).some((t) => t.id === p.id))
      .map((o) => ({
        id: o.id,
        kind: o.kind,
        cause: o.cause,
        areaName: o.areaName,
        startsAt: iso(o.startsAt)!,
        endedAt: iso(o.endedAt)!,
        durationMinutes: o.durationMinutes ?? 0,
      }));
    return { gsrn: p.gsrn, energyKind: p.energyKind, address: addressOf(p), outages: list, totalMinutes: list.reduce((s, o) => s + o.durationMinutes, 0) };
  });
  const lastOutageEndedAt = ended.reduce<string | null>((last, o) => {
    const at = iso(o.endedAt)!;
    return !last || at > last ? at : last;
  }, null);
  return { current, planned, past, lastOutageEndedAt, allClear: current.length === 0 };
}

export interface MeterEventView {
  id: string;
  kind: MeterEventKind;
  at: string;
  voltage: number | null;
}

/** The customer's usage point by GSRN, or not found (another customer's point is not found too). */
export async function customerPointByGsrn(siteId: string, customerId: string, gsrn: string) {
  const db = await getDb();
  const [point] = await db
    .select({ id: meteringPoints.id, gsrn: meteringPoints.gsrn })
    .from(meteringPoints)
    .where(and(eq(meteringPoints.siteId, siteId), eq(meteringPoints.customerId, customerId), eq(meteringPoints.gsrn, gsrn)));
  if (!point) throw notFound("outages.errors.point-not-found");
  return point;
}

/** The meter's own events of the last `days` days, newest first. */
export async function listMeterEvents(siteId: string, customerId: string, gsrn: string, days = 30, now = Date.now()): Promise<{ gsrn: string; events: MeterEventView[] }> {
  const point = await customerPointByGsrn(siteId, customerId, gsrn);
  const db = await getDb();
  const rows = await db
    .select({ id: meterEvents.id, kind: meterEvents.kind, at: meterEvents.at, voltage: meterEvents.voltage })
    .from(meterEvents)
    .where(and(eq(meterEvents.siteId, siteId), eq(meterEvents.meteringPointId, point.id), gte(meterEvents.at, new Date(now - days * 86_400_000))))
    .orderBy(desc(meterEvents.at))
    .limit(500);
  return { gsrn: point.gsrn, events: rows.map((r) => ({ id: r.id, kind: r.kind, at: iso(r.at)!, voltage: r.voltage })) };
}
