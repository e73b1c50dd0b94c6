import "server-only";
import { and, eq } from "drizzle-orm";
import { loadControlRelays, meterEvents, meteringPoints, outagePoints, outages, relayCommands, type MeterEventKind, type OutageCause, type OutageKind, type OutageStatus } from "@/server/db/schema";
import { Prng } from "@/server/demo/prng";
import type { DemoPlan } from "@/server/demo/plan";
import type { Seeder } from "@/server/demo/seeder";

/**
 * Outage demo data of each demo site: a fault going on now at the solar household's home (named
 * by usage point, with a few neighbours), planned work next week in that household's postal
 * area, and a year of past outages across the site's towns, each with the meters' power-loss and
 * power-return events. Times are relative to when the seeder runs.
 */

/** Town centres of the demo plan's cities (WGS 84), for the outage map. */
export const DEMO_TOWNS: Record<string, [number, number]> = {
  Helsinki: [60.17, 24.94],
  Espoo: [60.21, 24.66],
  Tampere: [61.5, 23.76],
  Turku: [60.45, 22.27],
  Jyväskylä: [62.24, 25.75],
  Lahti: [60.98, 25.66],
  Tallinn: [59.44, 24.75],
  Tartu: [58.38, 26.72],
  Pärnu: [58.39, 24.5],
  Narva: [59.38, 28.19],
  Jõhvi: [59.36, 27.41],
  Haapsalu: [58.94, 23.54],
  Rīga: [56.95, 24.11],
  Jelgava: [56.65, 23.72],
  Daugavpils: [55.87, 26.54],
  Ventspils: [57.39, 21.56],
  Jūrmala: [56.97, 23.77],
  Valmiera: [57.54, 25.43],
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface DemoOutage {
  externalId: string;
  kind: OutageKind;
  status: OutageStatus;
  cause: OutageCause | null;
  areaName: string;
  postalCodes: string[];
  pointIds: string[];
  startsAt: Date;
  estimatedRestorationAt: Date | null;
  endedAt: Date | null;
  customersAffected: number;
  city: string;
}

/** The demo outages of a site, given its electricity points (a pure function of the plan and the time). */
export function planDemoOutages(plan: DemoPlan, points: { id: string; customerId: string; postalCode: string; city: string }[], now: number): DemoOutage[] {
  const prng = new Prng(`${plan.site.id}:outages`);
  const household = plan.customers.find((c) => c.owner?.persona === "solar-household" && c.kind === "private");
  const own = points.filter((p) => p.customerId === household?.id);
  const home = own[0] ?? points[0];
  if (!home) return [];
  const hour = Math.floor(now / HOUR) * HOUR;
  const list: DemoOutage[] = [];
  const neighbours = points.filter((p) => p.city === home.city && p.customerId !== household?.id && !plan.customers.find((c) => c.id === p.customerId)?.owner?.persona).slice(0, 3);
  list.push({
    externalId: `${plan.site.id.toUpperCase()}-F-CURRENT`,
    kind: "fault",
    status: "active",
    cause: "tree",
    areaName: home.city,
    postalCodes: [],
    pointIds: [...own, ...neighbours].map((p) => p.id),
    startsAt: new Date(hour - 40 * 60_000),
    estimatedRestorationAt: new Date(hour + 3 * HOUR),
    endedAt: null,
    customersAffected: 140 + prng.int(0, 200),
    city: home.city,
  });
  const nextWeek = Math.floor((now + 7 * DAY) / DAY) * DAY + 7 * HOUR;
  list.push({
    externalId: `${plan.site.id.toUpperCase()}-P-NEXT-WEEK`,
    kind: "planned",
    status: "planned",
    cause: "maintenance",
    areaName: home.city,
    postalCodes: [home.postalCode],
    pointIds: [],
    startsAt: new Date(nextWeek),
    estimatedRestorationAt: new Date(nextWeek + 4 * HOUR),
    endedAt: null,
    customersAffected: 300 + prng.int(0, 900),
    city: home.city,
  });
  const towns = [...new Map(points.map((p) => [p.postalCode, p])).values()];
  const causes: OutageCause[] = ["storm", "snow", "tree", "equipment", "cable-damage", "overload", "unknown"];
  for (let i = 0; i < 14; i++) {
    const town = towns[i % towns.length];
    const planned = i % 5 === 4;
    const startsAt = hour - prng.int(3, 360) * DAY + prng.int(-6, 6) * HOUR;
    const minutes = planned ? prng.int(120, 300) : prng.int(8, 420);
    list.push({
      externalId: `${plan.site.id.toUpperCase()}-${planned ? "P" : "F"}-${String(i + 1).padStart(4, "0")}`,
      kind: planned ? "planned" : "fault",
      status: "restored",
      cause: planned ? "maintenance" : causes[prng.int(0, causes.length - 1)],
      areaName: town.city,
      postalCodes: [town.postalCode],
      pointIds: [],
      startsAt: new Date(startsAt),
      estimatedRestorationAt: new Date(startsAt + minutes * 60_000 + 30 * 60_000),
      endedAt: new Date(startsAt + minutes * 60_000),
      customersAffected: prng.int(20, 2400),
      city: town.city,
    });
  }
  return list;
}

export const outagesSeeder: Seeder = {
  name: "outages and meter events",
  async run({ db, plans }) {
    const now = Date.now();
    for (const plan of plans) {
      const siteId = plan.site.id;
      const existing = await db.select({ id: outages.id }).from(outages).where(eq(outages.siteId, siteId)).limit(1);
      if (existing.length) continue;
      const points = await db
        .select({ id: meteringPoints.id, customerId: meteringPoints.customerId, postalCode: meteringPoints.postalCode, city: meteringPoints.city })
        .from(meteringPoints)
        .where(and(eq(meteringPoints.siteId, siteId), eq(meteringPoints.energyKind, "electricity")))
        .orderBy(meteringPoints.gsrn);
      const planned = planDemoOutages(plan, points, now);
      if (!planned.length) continue;
      const prng = new Prng(`${siteId}:meter-events`);
      const events: { siteId: string; meteringPointId: string; kind: MeterEventKind; at: Date; voltage: number | null }[] = [];
      for (const o of planned) {
        const town = DEMO_TOWNS[o.city];
        const [row] = await db
          .insert(outages)
          .values({
            siteId,
            externalId: o.externalId,
            kind: o.kind,
            status: o.status,
            cause: o.cause,
            areaName: o.areaName,
            postalCodes: o.postalCodes,
            startsAt: o.startsAt,
            estimatedRestorationAt: o.estimatedRestorationAt,
            endedAt: o.endedAt,
            durationMinutes: o.endedAt ? Math.round((o.endedAt.getTime() - o.startsAt.getTime()) / 60_000) : null,
            customersAffected: o.customersAffected,
            latitude: town ? town[0] + prng.int(-20, 20) / 1000 : null,
            longitude: town ? town[1] + prng.int(-20, 20) / 1000 : null,
            radiusKm: town ? prng.int(2, 12) : null,
          })
          .returning({ id: outages.id });
        if (o.pointIds.length) await db.insert(outagePoints).values(o.pointIds.map((meteringPointId) => ({ outageId: row.id, siteId, meteringPointId })));
        if (o.status === "planned") continue;
        const hit = points.filter((p) => o.pointIds.includes(p.id) || o.postalCodes.includes(p.postalCode)).slice(0, 60);
        for (const p of hit) {
          const lag = prng.int(0, 20) * 1000;
          events.push({ siteId, meteringPointId: p.id, kind: "power-loss", at: new Date(o.startsAt.getTime() + lag), voltage: null });
          if (o.endedAt) events.push({ siteId, meteringPointId: p.id, kind: "power-return", at: new Date(o.endedAt.getTime() + lag), voltage: null });
        }
      }
      // A few voltage dips of each point's own, the kind a customer asks about.
      for (const p of points.slice(0, 80)) {
        if (!prng.chance(0.3)) continue;
        const at = now - prng.int(1, 25) * DAY - prng.int(0, 23) * HOUR;
        const low = prng.chance(0.7);
        events.push({ siteId, meteringPointId: p.id, kind: low ? "voltage-low" : "voltage-high", at: new Date(at), voltage: low ? 200 + prng.int(0, 8) : 253 + prng.int(0, 6) });
      }
      // A controllable water heater at the solar household's home, switched a few times lately.
      const household = plan.customers.find((c) => c.owner?.persona === "solar-household" && c.kind === "private");
      const relayPoint = points.find((p) => p.customerId === household?.id);
      if (household && relayPoint) {
        await db.insert(loadControlRelays).values({ siteId, customerId: household.id, meteringPointId: relayPoint.id, device: "water-heater", state: "on", stateAt: new Date(now - 20 * HOUR) });
        const history = [
          { action: "off" as const, at: now - 2 * DAY - 5 * HOUR },
          { action: "on" as const, at: now - 20 * HOUR },
        ];
        await db.insert(relayCommands).values(
          history.map((h, i) => ({
            siteId,
            customerId: household.id,
            meteringPointId: relayPoint.id,
            action: h.action,
            state: "confirmed" as const,
            idempotencyKey: `demo-${siteId}-${i}`,
            headEndRef: `demo-${i}`,
            requestedBy: household.owner!.id,
            createdAt: new Date(h.at - 8_000),
            updatedAt: new Date(h.at),
            completedAt: new Date(h.at),
          })),
        );
        for (const h of history) events.push({ siteId, meteringPointId: relayPoint.id, kind: h.action === "on" ? "relay-close" : "relay-open", at: new Date(h.at), voltage: null });
      }
      for (let i = 0; i < events.length; i += 1000) await db.insert(meterEvents).values(events.slice(i, i + 1000));
    }
  },
};
