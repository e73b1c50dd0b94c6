import "server-only";
import { sql } from "drizzle-orm";
import { check, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { customerRef } from "./customers";
import { siteRef } from "./sites";
import { energyContracts, meteringPoints } from "./metering";
import { createdAt, updatedAt } from "./columns";

export type OutageKind = "fault" | "planned";
export type OutageStatus = "planned" | "active" | "restored" | "cancelled";
export type OutageCause = "storm" | "snow" | "tree" | "equipment" | "cable-damage" | "maintenance" | "construction" | "overload" | "unknown";

/**
 * Grid outages as the grid operator's systems report them (src/server/outages/import.ts): a fault
 * or a planned work, the area it touches (postal codes and explicitly named usage points), and
 * when it started, is expected to end and ended. `external_id` is the operator's id, so a
 * re-delivered report updates the same row. Restoration closes an outage and records its duration.
 */
export const outages = pgTable(
  "outages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    externalId: text("external_id").notNull(),
    kind: text("kind").$type<OutageKind>().notNull(),
    status: text("status").$type<OutageStatus>().notNull(),
    cause: text("cause").$type<OutageCause>(),
    areaName: text("area_name").notNull(),
    /** Postal codes the outage touches: every usage point there is affected. */
    postalCodes: text("postal_codes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    estimatedRestorationAt: timestamp("estimated_restoration_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    durationMinutes: integer("duration_minutes"),
    customersAffected: integer("customers_affected").notNull().default(0),
    /** Centre of the affected area (WGS 84) and its radius, for the map; optional. */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    radiusKm: doublePrecision("radius_km"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("outages_site_external").on(t.siteId, t.externalId),
    index("outages_site_status_idx").on(t.siteId, t.status, t.startsAt),
    check("outages_kind", sql`${t.kind} in ('fault', 'planned')`),
    check("outages_status", sql`${t.status} in ('planned', 'active', 'restored', 'cancelled')`),
  ],
);

/** Usage points an outage report names one by one (besides those of its postal codes). */
export const outagePoints = pgTable(
  "outage_points",
  {
    outageId: uuid("outage_id")
      .notNull()
      .references(() => outages.id, { onDelete: "cascade" }),
    siteId: siteRef(),
    meteringPointId: uuid("metering_point_id")
      .notNull()
      .references(() => meteringPoints.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ name: "outage_points_pk", columns: [t.outageId, t.meteringPointId] }), index("outage_points_point_idx").on(t.siteId, t.meteringPointId)],
);

export type MeterEventKind = "power-loss" | "power-return" | "voltage-low" | "voltage-high" | "relay-open" | "relay-close";

/** The meter's own events: power lost and returned, voltage out of range, relay switched. */
export const meterEvents = pgTable(
  "meter_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    meteringPointId: uuid("metering_point_id")
      .notNull()
      .references(() => meteringPoints.id, { onDelete: "cascade" }),
    kind: text("kind").$type<MeterEventKind>().notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** Voltage events: the measured voltage (V). */
    voltage: doublePrecision("voltage"),
    createdAt: createdAt(),
  },
  (t) => [
    index("meter_events_point_idx").on(t.siteId, t.meteringPointId, t.at),
    check("meter_events_kind", sql`${t.kind} in ('power-loss', 'power-return', 'voltage-low', 'voltage-high', 'relay-open', 'relay-close')`),
  ],
);

export type OutageContactKind = "Email" | "Phone" | "Gsm" | "Post";

/**
 * Who is told of outages at the address of a contract, and how (spec §3 outage contact kinds):
 * a landlord's number for a rented flat, a neighbour's for a summer cottage. The notifications
 * area sends to these. Phones are stored in E.164; Post holds a postal address on one line.
 */
export const outageContacts = pgTable(
  "outage_contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    customerId: customerRef(),
    contractId: uuid("contract_id")
      .notNull()
      .references(() => energyContracts.id, { onDelete: "cascade" }),
    kind: text("kind").$type<OutageContactKind>().notNull(),
    value: text("value").notNull(),
    name: text("name"),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("outage_contacts_contract_idx").on(t.siteId, t.customerId, t.contractId), check("outage_contacts_kind", sql`${t.kind} in ('Email', 'Phone', 'Gsm', 'Post')`)],
);

export type RelayState = "on" | "off";

/** A controllable relay on a usage point (a water heater, a heat pump, a charger) and its last confirmed state. */
export const loadControlRelays = pgTable(
  "load_control_relays",
  {
    meteringPointId: uuid("metering_point_id")
      .primaryKey()
      .references(() => meteringPoints.id, { onDelete: "cascade" }),
    siteId: siteRef(),
    customerId: customerRef(),
    device: text("device").notNull(),
    state: text("state").$type<RelayState>().notNull(),
    stateAt: timestamp("state_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("load_control_relays_customer_idx").on(t.siteId, t.customerId), check("load_control_relays_state", sql`${t.state} in ('on', 'off')`)],
);

export type RelayCommandState = "pending" | "sent" | "confirmed" | "failed" | "timed_out" | "cancelled";

/** A switching command to a relay through the head-end system, followed until the meter confirms or fails. */
export const relayCommands = pgTable(
  "relay_commands",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    customerId: customerRef(),
    meteringPointId: uuid("metering_point_id")
      .notNull()
      .references(() => meteringPoints.id, { onDelete: "cascade" }),
    action: text("action").$type<RelayState>().notNull(),
    /** When to switch; null: at once. */
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }),
    /** Scheduled commands for the cheapest hours: when to switch back. */
    until: timestamp("until", { withTimezone: true }),
    state: text("state").$type<RelayCommandState>().notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    headEndRef: text("head_end_ref"),
    failure: text("failure"),
    requestedBy: text("requested_by"),
    customerService: text("customer_service"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("relay_commands_idempotency").on(t.siteId, t.customerId, t.idempotencyKey),
    index("relay_commands_point_idx").on(t.siteId, t.meteringPointId, t.createdAt),
    check("relay_commands_action", sql`${t.action} in ('on', 'off')`),
    check("relay_commands_state", sql`${t.state} in ('pending', 'sent', 'confirmed', 'failed', 'timed_out', 'cancelled')`),
  ],
);
