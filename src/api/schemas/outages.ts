import { z } from "@hono/zod-openapi";

/**
 * Outages, meter events and outage contacts (spec §2 /outages, §3 outage contact kinds, §7
 * outages and outage addresses and contacts). Error messages are translation keys of the
 * `outages` namespace (`outages.errors.*`) unless they are the API's own (`validation.*`).
 */

export const OutageKind = z.enum(["fault", "planned"]).openapi({ description: "A fault (unplanned) or planned work" });
export type OutageKind = z.infer<typeof OutageKind>;
export const OutageStatus = z.enum(["planned", "active", "restored", "cancelled"]);
export type OutageStatus = z.infer<typeof OutageStatus>;
export const OUTAGE_CAUSES = ["storm", "snow", "tree", "equipment", "cable-damage", "maintenance", "construction", "overload", "unknown"] as const;
export const OutageCause = z.enum(OUTAGE_CAUSES);
export type OutageCause = z.infer<typeof OutageCause>;

export const AffectedPoint = z.object({ gsrn: z.string(), address: z.string() }).openapi("AffectedPoint");
export type AffectedPoint = z.infer<typeof AffectedPoint>;

export const Outage = z
  .object({
    id: z.string().uuid(),
    kind: OutageKind,
    status: OutageStatus,
    cause: OutageCause.nullable(),
    areaName: z.string(),
    startsAt: z.string().openapi({ description: "ISO 8601 UTC" }),
    estimatedRestorationAt: z.string().nullable(),
    endedAt: z.string().nullable(),
    durationMinutes: z.number().int().nullable().openapi({ description: "Set when the outage has ended" }),
    customersAffected: z.number().int(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    radiusKm: z.number().nullable(),
    affectedPoints: z.array(AffectedPoint).openapi({ description: "The customer's usage points the outage touches" }),
  })
  .openapi("Outage");
export type Outage = z.infer<typeof Outage>;

export const PastOutage = z
  .object({
    id: z.string().uuid(),
    kind: OutageKind,
    cause: OutageCause.nullable(),
    areaName: z.string(),
    startsAt: z.string(),
    endedAt: z.string(),
    durationMinutes: z.number().int(),
  })
  .openapi("PastOutage");
export type PastOutage = z.infer<typeof PastOutage>;

export const UsagePointOutages = z
  .object({
    gsrn: z.string(),
    energyKind: z.enum(["electricity", "gas", "heating"]),
    address: z.string(),
    outages: z.array(PastOutage),
    totalMinutes: z.number().int(),
  })
  .openapi("UsagePointOutages");
export type UsagePointOutages = z.infer<typeof UsagePointOutages>;

export const CustomerOutages = z
  .object({
    current: z.array(Outage).openapi({ description: "Outages going on now that touch the customer's usage points" }),
    planned: z.array(Outage).openapi({ description: "Planned work to come" }),
    past: z.array(UsagePointOutages).openapi({ description: "Ended outages of the last 12 months, per usage point" }),
    lastOutageEndedAt: z.string().nullable().openapi({ description: "When the customer's most recent outage ended (for the all-clear)" }),
    allClear: z.boolean(),
  })
  .openapi("CustomerOutages");
export type CustomerOutages = z.infer<typeof CustomerOutages>;

// ---------------------------------------------------------------- meter events

export const MeterEventKind = z.enum(["power-loss", "power-return", "voltage-low", "voltage-high", "relay-open", "relay-close"]);
export type MeterEventKind = z.infer<typeof MeterEventKind>;

export const MeterEvent = z
  .object({
    id: z.string().uuid(),
    kind: MeterEventKind,
    at: z.string(),
    voltage: z.number().nullable(),
  })
  .openapi("MeterEvent");
export type MeterEvent = z.infer<typeof MeterEvent>;

export const GsrnParam = z.object({
  gsrn: z
    .string()
    .regex(/^[0-9]{18}$/)
    .openapi({ param: { name: "gsrn", in: "path" }, example: "643123456123456781" }),
});

export const MeterEventsQuery = z.object({
  days: z.coerce.number().int().min(1).max(365).optional().openapi({ description: "How many days back (default 30)" }),
});

export const MeterEventList = z
  .object({
    gsrn: z.string(),
    events: z.array(MeterEvent).openapi({ description: "Newest first" }),
  })
  .openapi("MeterEventList");
export type MeterEventList = z.infer<typeof MeterEventList>;

// ---------------------------------------------------------------- import

export const MAX_OUTAGE_ROWS = 5_000;

export const OutageReport = z
  .object({
    id: z.string().openapi({ description: "The grid operator's id of the outage: a re-delivered report updates the same outage" }),
    kind: z.string().openapi({ description: "fault or planned" }),
    status: z.string().optional().openapi({ description: "planned, active, restored or cancelled; default from the times (restored when end is given)" }),
    cause: z.string().optional(),
    areaName: z.string(),
    start: z.string().openapi({ description: "ISO 8601 with offset" }),
    estimatedRestoration: z.string().optional(),
    end: z.string().optional().openapi({ description: "Restoration: closes the outage and records its duration" }),
    customersAffected: z.union([z.number(), z.string()]).optional(),
    postalCodes: z.array(z.string()).max(500).optional(),
    gsrns: z.array(z.string()).max(5000).optional(),
    latitude: z.union([z.number(), z.string()]).optional(),
    longitude: z.union([z.number(), z.string()]).optional(),
    radiusKm: z.union([z.number(), z.string()]).optional(),
  })
  .openapi("OutageReport");
export type OutageReport = z.infer<typeof OutageReport>;

export const OutagesImport = z.object({ outages: z.array(OutageReport).min(1).max(MAX_OUTAGE_ROWS) }).openapi("OutagesImport");
export type OutagesImport = z.infer<typeof OutagesImport>;

export const OutagesCsv = z.string().openapi({
  description: "Columns id, kind, area_name, start[, status, cause, estimated_restoration, end, customers_affected, postal_codes, gsrns, latitude, longitude, radius_km]; lists separated by spaces",
});

// ---------------------------------------------------------------- outage contacts

export const OutageContactKind = z.enum(["Email", "Phone", "Gsm", "Post"]).openapi({ description: "Spec §3 outage contact kinds" });
export type OutageContactKind = z.infer<typeof OutageContactKind>;

export const OutageAddress = z
  .object({
    contractId: z.string().uuid().openapi({ description: "The energy contract of the address (energy_contracts.id)" }),
    gsrn: z.string(),
    productName: z.string(),
    street: z.string(),
    postalCode: z.string(),
    city: z.string(),
    contacts: z.number().int().openapi({ description: "How many outage contacts the address has" }),
  })
  .openapi("OutageAddress");
export type OutageAddress = z.infer<typeof OutageAddress>;

export const OutageAddressList = z.object({ addresses: z.array(OutageAddress) }).openapi("OutageAddressList");
export type OutageAddressList = z.infer<typeof OutageAddressList>;

export const OutageContact = z
  .object({
    id: z.string().uuid(),
    kind: OutageContactKind,
    value: z.string().openapi({ description: "E-mail, phone in E.164, or a postal address on one line" }),
    name: z.string().nullable().openapi({ description: "Who the contact is (a landlord, a neighbour)" }),
  })
  .openapi("OutageContact");
export type OutageContact = z.infer<typeof OutageContact>;

export const OutageContactsQuery = z.object({
  contractId: z
    .string()
    .uuid()
    .openapi({ param: { name: "contractId", in: "query" } }),
});

export const OutageContactList = z.object({ contractId: z.string().uuid(), contacts: z.array(OutageContact) }).openapi("OutageContactList");
export type OutageContactList = z.infer<typeof OutageContactList>;

export const MAX_OUTAGE_CONTACTS = 10;

export const OutageContactInput = z
  .object({
    kind: OutageContactKind,
    value: z.string().trim().min(1).max(300),
    name: z.string().trim().max(100).nullable().optional(),
  })
  .strict()
  .openapi("OutageContactInput");
export type OutageContactInput = z.infer<typeof OutageContactInput>;

/** Replaces the contacts of one address (contract) with the list. */
export const OutageContactsUpdate = z
  .object({ contractId: z.string().uuid(), contacts: z.array(OutageContactInput).max(MAX_OUTAGE_CONTACTS) })
  .strict()
  .openapi("OutageContactsUpdate");
export type OutageContactsUpdate = z.infer<typeof OutageContactsUpdate>;
