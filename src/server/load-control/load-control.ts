import "server-only";
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { loadControlRelays, meterEvents, meteringPoints, relayCommands, spotPricesHourly, type RelayCommandState, type RelayState } from "@/server/db/schema";
import { AppError, notFound, validationError } from "@/server/errors";
import { enforceRateLimit } from "@/server/rate-limit";
import { writeAudit } from "@/server/audit/audit";
import { handleJob, sendJob } from "@/server/jobs/runtime";
import { headEnd, HeadEndError } from "@/server/providers/head-end";
import { addLocalDays, startOfLocalDay } from "@/lib/energy/time";
import { hasFeature, type Feature } from "@/lib/features";

/**
 * Load control (spec §7 load control): a controllable relay on a usage point (a water heater, a
 * heat pump, a charger) switched through the meter head-end (src/server/providers/head-end).
 * A command is pending until the head-end confirms it at the meter or fails it; only a
 * confirmation changes the relay's state, once. Commands are idempotent by the caller's key,
 * limited in rate, written to the audit log, and refused for a point without a relay.
 */

/** How long a command may wait for the meter before it is given up as timed out. */
export const COMMAND_TIMEOUT_MS = 2 * 60_000;
/** Commands a customer may send per usage point per hour. */
export const COMMANDS_PER_HOUR = 12;

export interface CommandView {
  id: string;
  gsrn: string;
  action: RelayState;
  state: RelayCommandState;
  scheduledFor: string | null;
  createdAt: string;
  completedAt: string | null;
  failure: string | null;
  byCustomerService: boolean;
}

export interface RelayStatusView {
  gsrn: string;
  hasRelay: boolean;
  device: string | null;
  state: RelayState | null;
  stateAt: string | null;
  pending: CommandView | null;
  commands: CommandView[];
}

export interface LoadControlSite {
  id: string;
  timezone: string;
  features: readonly Feature[];
}

export interface Actor {
  personId: string;
  customerService: boolean;
  requestId: string | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
type CommandRow = typeof relayCommands.$inferSelect;
const viewOf = (c: CommandRow, gsrn: string): CommandView => ({
  id: c.id,
  gsrn,
  action: c.action,
  state: c.state,
  scheduledFor: iso(c.scheduledFor),
  createdAt: iso(c.createdAt)!,
  completedAt: iso(c.completedAt),
  failure: c.failure,
  byCustomerService: !!c.customerService,
});
const OPEN: RelayCommandState[] = ["pending", "sent"];

async function customerPoint(siteId: string, customerId: string, gsrn: string) {
  const db = await getDb();
  const [point] = await db
    .select({ id: meteringPoints.id, gsrn: meteringPoints.gsrn, meterNumber: meteringPoints.meterNumber, biddingZone: meteringPoints.biddingZone })
    .from(meteringPoints)
    .where(and(eq(meteringPoints.siteId, siteId), eq(meteringPoints.customerId, customerId), eq(meteringPoints.gsrn, gsrn)));
  if (!point) throw notFound("load-control.errors.point-not-found");
  return point;
}

async function relayOf(siteId: string, pointId: string) {
  const db = await getDb();
  const [relay] = await db
    .select()
    .from(loadControlRelays)
    .where(and(eq(loadControlRelays.siteId, siteId), eq(loadControlRelays.meteringPointId, pointId)));
  return relay ?? null;
}

/** The relay of a usage point of the customer: its confirmed state, the command under way and the latest commands. */
export async function relayStatus(siteId: string, customerId: string, gsrn: string): Promise<RelayStatusView> {
  const point = await customerPoint(siteId, customerId, gsrn);
  const relay = await relayOf(siteId, point.id);
  if (!relay) return { gsrn, hasRelay: false, device: null, state: null, stateAt: null, pending: null, commands: [] };
  const db = await getDb();
  const rows = await db
    .select()
    .from(relayCommands)
    .where(and(eq(relayCommands.siteId, siteId), eq(relayCommands.customerId, customerId), eq(relayCommands.meteringPointId, point.id)))
    .orderBy(desc(relayCommands.createdAt))
    .limit(20);
  const commands = rows.map((c) => viewOf(c, gsrn));
  return {
    gsrn,
    hasRelay: true,
    device: relay.device,
    state: relay.state,
    stateAt: iso(relay.stateAt),
    pending: commands.find((c) => OPEN.includes(c.state) && !c.scheduledFor) ?? null,
    commands,
  };
}

/** The customer's usage points with a relay, for the load-control page. */
export async function customerRelays(siteId: string, customerId: string): Promise<RelayStatusView[]> {
  const db = await getDb();
  const rows = await db
    .select({ gsrn: meteringPoints.gsrn })
    .from(loadControlRelays)
    .innerJoin(meteringPoints, and(eq(meteringPoints.id, loadControlRelays.meteringPointId), eq(meteringPoints.siteId, siteId)))
    .where(and(eq(loadControlRelays.siteId, siteId), eq(loadControlRelays.customerId, customerId)))
    .orderBy(asc(meteringPoints.gsrn));
  return Promise.all(rows.map((r) => relayStatus(siteId, customerId, r.gsrn)));
}

/** The cheapest block of `hours` consecutive hours of tomorrow (local day) by the zone's spot prices, or null without tomorrow's prices. */
export async function cheapestHours(zone: string, timezone: string, hours: number, now = Date.now()): Promise<{ from: Date; to: Date } | null> {
  const start = addLocalDays(startOfLocalDay(now, timezone), 1, timezone);
  const end = addLocalDays(start, 1, timezone);
  const db = await getDb();
  const prices = await db
    .select({ hour: spotPricesHourly.hour, price: spotPricesHourly.priceEurMwh })
    .from(spotPricesHourly)
    .where(and(eq(spotPricesHourly.zone, zone as "FI"), gte(spotPricesHourly.hour, new Date(start)), lt(spotPricesHourly.hour, new Date(end))))
    .orderBy(asc(spotPricesHourly.hour));
  if (prices.length < hours || prices.length < 20) return null;
  let best = -1;
  let bestSum = Infinity;
  for (let i = 0; i + hours <= prices.length; i++) {
    const first = new Date(prices[i].hour).getTime();
    const last = new Date(prices[i + hours - 1].hour).getTime();
    if (last - first !== (hours - 1) * 3_600_000) continue;
    const sum = prices.slice(i, i + hours).reduce((s, p) => s + p.price, 0);
    if (sum < bestSum) {
      bestSum = sum;
      best = i;
    }
  }
  if (best < 0) return null;
  const from = new Date(prices[best].hour);
  return { from, to: new Date(from.getTime() + hours * 3_600_000) };
}

export interface ChangeControlInput {
  gsrn: string;
  action: RelayState;
  mode: "now" | "cheapest-hours";
  hours?: number;
  idempotencyKey: string;
}

/**
 * Switches a relay now, or schedules it on for the cheapest hours of tomorrow (and off after
 * them). The same idempotency key again answers the command it made, and sends nothing.
 */
export async function changeControl(site: LoadControlSite, customerId: string, actor: Actor, input: ChangeControlInput): Promise<{ command: CommandView; created: boolean }> {
  const point = await customerPoint(site.id, customerId, input.gsrn);
  const db = await getDb();
  const [again] = await db
    .select()
    .from(relayCommands)
    .where(and(eq(relayCommands.siteId, site.id), eq(relayCommands.customerId, customerId), eq(relayCommands.idempotencyKey, input.idempotencyKey)));
  if (again) {
    if (again.meteringPointId !== point.id || again.action !== input.action) throw new AppError("conflict", "load-control.errors.key-reused");
    return { command: viewOf(again, point.gsrn), created: false };
  }
  const relay = await relayOf(site.id, point.id);
  if (!relay) throw validationError([{ path: "gsrn", code: "no_relay", message: "load-control.errors.no-relay" }]);
  if (input.mode === "now" && !hasFeature(site, "power-control.on-off")) throw validationError([{ path: "mode", code: "not_allowed", message: "load-control.errors.on-off-disabled" }]);
  if (input.mode === "cheapest-hours" && input.action !== "on") throw validationError([{ path: "action", code: "invalid_value", message: "load-control.errors.schedule-switches-on" }]);
  const open = await db
    .select({ id: relayCommands.id })
    .from(relayCommands)
    .where(
      and(
        eq(relayCommands.siteId, site.id),
        eq(relayCommands.meteringPointId, point.id),
        inArray(relayCommands.state, OPEN),
        // A command scheduled for later does not hold up one for now.
        or(isNull(relayCommands.scheduledFor), lte(relayCommands.scheduledFor, new Date())),
      ),
    )
    .limit(1);
  if (open.length) throw new AppError("conflict", "load-control.errors.command-pending");
  let window: { from: Date; to: Date } | null = null;
  if (input.mode === "cheapest-hours") {
    window = await cheapestHours(point.biddingZone, site.timezone, input.hours ?? 3);
    if (!window) throw validationError([{ path: "mode", code: "unavailable", message: "load-control.errors.no-prices" }]);
  }
  await enforceRateLimit(`relay:${site.id}:${point.id}`, COMMANDS_PER_HOUR, 3600);

  const base = {
    siteId: site.id,
    customerId,
    meteringPointId: point.id,
    state: "pending" as const,
    requestedBy: actor.personId,
    customerService: actor.customerService ? actor.personId : null,
  };
  const created = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(relayCommands)
      .values(
        window
          ? [
              { ...base, action: "on" as const, scheduledFor: window.from, until: window.to, idempotencyKey: input.idempotencyKey },
              { ...base, action: "off" as const, scheduledFor: window.to, idempotencyKey: `${input.idempotencyKey}:end` },
            ]
          : [{ ...base, action: input.action, idempotencyKey: input.idempotencyKey }],
      )
      .onConflictDoNothing()
      .returning();
    return rows;
  });
  if (!created.length) {
    // Another request with the same key won the race: answer its command.
    const [row] = await db
      .select()
      .from(relayCommands)
      .where(and(eq(relayCommands.siteId, site.id), eq(relayCommands.customerId, customerId), eq(relayCommands.idempotencyKey, input.idempotencyKey)));
    return { command: viewOf(row, point.gsrn), created: false };
  }
  const first = created.find((c) => c.idempotencyKey === input.idempotencyKey)!;
  await writeAudit({
    siteId: site.id,
    actorPersonId: actor.personId,
    customerId,
    action: "load-control:change",
    details: {
      gsrn: point.gsrn,
      action: input.action,
      mode: input.mode,
      commandId: first.id,
      ...(window ? { from: window.from.toISOString(), to: window.to.toISOString() } : {}),
      customerService: actor.customerService,
    },
    requestId: actor.requestId,
  });
  if (window) {
    for (const c of created)
      await sendJob(
        "load-control-dispatch",
        { siteId: site.id, commandId: c.id },
        { idempotencyKey: c.id, startAfterSeconds: Math.max(1, Math.round((new Date(c.scheduledFor!).getTime() - Date.now()) / 1000)) },
      );
    return { command: viewOf(first, point.gsrn), created: true };
  }
  return { command: await dispatchCommand(site.id, first.id), created: true };
}

/** Hands a pending command to the head-end (now, or when its time has come). */
export async function dispatchCommand(siteId: string, commandId: string): Promise<CommandView> {
  const db = await getDb();
  const [row] = await db
    .select({ c: relayCommands, gsrn: meteringPoints.gsrn, meterNumber: meteringPoints.meterNumber })
    .from(relayCommands)
    .innerJoin(meteringPoints, eq(meteringPoints.id, relayCommands.meteringPointId))
    .where(and(eq(relayCommands.siteId, siteId), eq(relayCommands.id, commandId)));
  if (!row) throw notFound();
  if (row.c.state !== "pending") return viewOf(row.c, row.gsrn);
  try {
    const { ref } = await headEnd().submit({ commandId, gsrn: row.gsrn, meterNumber: row.meterNumber, action: row.c.action });
    const [sent] = await db
      .update(relayCommands)
      .set({ state: "sent", headEndRef: ref, updatedAt: new Date() })
      .where(and(eq(relayCommands.siteId, siteId), eq(relayCommands.id, commandId), eq(relayCommands.state, "pending")))
      .returning();
    return viewOf(sent ?? row.c, row.gsrn);
  } catch (err) {
    if (!(err instanceof HeadEndError)) throw err;
    // A head-end that cannot be reached is retried by the job (scheduled commands); one that refuses fails the command.
    if (err.retryable && row.c.scheduledFor) throw err;
    const [failed] = await db
      .update(relayCommands)
      .set({ state: "failed", failure: err.retryable ? "head-end-unavailable" : "head-end-refused", completedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(relayCommands.siteId, siteId), eq(relayCommands.id, commandId), eq(relayCommands.state, "pending")))
      .returning();
    return viewOf(failed ?? row.c, row.gsrn);
  }
}

handleJob("load-control-dispatch", async ({ siteId, commandId }) => {
  await dispatchCommand(siteId, commandId);
});

/**
 * Where a command stands: asks the head-end while it is out there, and applies its answer
 * once: the relay's state changes only on the step from sent to confirmed.
 */
export async function commandStatus(siteId: string, customerId: string, commandId: string, now = Date.now()): Promise<CommandView> {
  const db = await getDb();
  const [row] = await db
    .select({ c: relayCommands, gsrn: meteringPoints.gsrn })
    .from(relayCommands)
    .innerJoin(meteringPoints, eq(meteringPoints.id, relayCommands.meteringPointId))
    .where(and(eq(relayCommands.siteId, siteId), eq(relayCommands.customerId, customerId), eq(relayCommands.id, commandId)));
  if (!row) throw notFound("load-control.errors.command-not-found");
  const c = row.c;
  const startedAt = new Date(c.scheduledFor ?? c.createdAt).getTime();
  if (c.state === "sent" && c.headEndRef) {
    let answer: Awaited<ReturnType<ReturnType<typeof headEnd>["status"]>> | null = null;
    try {
      answer = await headEnd().status(c.headEndRef);
    } catch (err) {
      if (!(err instanceof HeadEndError)) throw err;
    }
    if (answer?.state === "confirmed") {
      const done = await db.transaction(async (tx) => {
        const [confirmed] = await tx
          .update(relayCommands)
          .set({ state: "confirmed", completedAt: new Date(answer.at), updatedAt: new Date() })
          .where(and(eq(relayCommands.siteId, siteId), eq(relayCommands.id, c.id), eq(relayCommands.state, "sent")))
          .returning();
        if (!confirmed) return null;
        await tx
          .update(loadControlRelays)
          .set({ state: c.action, stateAt: new Date(answer.at) })
          .where(and(eq(loadControlRelays.siteId, siteId), eq(loadControlRelays.meteringPointId, c.meteringPointId)));
        await tx.insert(meterEvents).values({ siteId, meteringPointId: c.meteringPointId, kind: c.action === "on" ? "relay-close" : "relay-open", at: new Date(answer.at) });
        return confirmed;
      });
      if (done) return viewOf(done, row.gsrn);
    } else if (answer?.state === "failed") {
      const [failed] = await db
        .update(relayCommands)
        .set({ state: "failed", failure: answer.reason, completedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(relayCommands.siteId, siteId), eq(relayCommands.id, c.id), eq(relayCommands.state, "sent")))
        .returning();
      if (failed) return viewOf(failed, row.gsrn);
    }
  }
  if (OPEN.includes(c.state) && startedAt <= now && now - startedAt > COMMAND_TIMEOUT_MS) {
    const [late] = await db
      .update(relayCommands)
      .set({ state: "timed_out", completedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(relayCommands.siteId, siteId), eq(relayCommands.id, c.id), inArray(relayCommands.state, OPEN)))
      .returning();
    if (late) return viewOf(late, row.gsrn);
  }
  const [fresh] = await db
    .select()
    .from(relayCommands)
    .where(and(eq(relayCommands.siteId, siteId), eq(relayCommands.id, c.id)));
  return viewOf(fresh, row.gsrn);
}
