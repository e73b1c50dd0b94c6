import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { customerOutages, listMeterEvents } from "@/server/outages/outages";
import { listOutageAddresses, listOutageContacts, replaceOutageContacts } from "@/server/outages/contacts";
import { todayIn } from "@/lib/invoices/dates";
import { writeAudit } from "@/server/audit/audit";
import { CustomerOutages, GsrnParam, MeterEventList, MeterEventsQuery, OutageAddressList, OutageContactList, OutageContactsQuery, OutageContactsUpdate } from "../schemas/outages";

/** Outages of the customer's usage points, the meters' own events, and outage contacts per address. */
export const outagesRouter = new OpenAPIHono<AppEnv>();

outagesRouter.openapi(
  defineRoute({
    method: "get",
    path: "/outages",
    operationId: "listCustomerOutages",
    tags: ["Outages"],
    summary: "Current and planned outages touching the active customer's usage points, and the past 12 months per usage point",
    access: "customer",
    feature: "outages",
    responses: { 200: jsonResponse(CustomerOutages) },
  }),
  async (c) => c.json(await customerOutages(c.get("site").id, c.get("session")!.activeCustomer!.id), 200),
);

outagesRouter.openapi(
  defineRoute({
    method: "get",
    path: "/outages/meter-events/{gsrn}",
    operationId: "listMeterEvents",
    errors: { 404: "No such usage point for the active customer" },
    tags: ["Outages"],
    summary: "The meter's own events (power lost and returned, voltage out of range, relay switched), newest first",
    description: "Tells a grid outage (power-loss on many meters at once) from a customer's own fuse (no event at all).",
    access: "customer",
    feature: "outages",
    request: { params: GsrnParam, query: MeterEventsQuery },
    responses: { 200: jsonResponse(MeterEventList) },
  }),
  async (c) => {
    const { gsrn } = c.req.valid("param");
    const { days } = c.req.valid("query");
    return c.json(await listMeterEvents(c.get("site").id, c.get("session")!.activeCustomer!.id, gsrn, days ?? 30), 200);
  },
);

outagesRouter.openapi(
  defineRoute({
    method: "get",
    path: "/me/outage-addresses",
    operationId: "listOutageAddresses",
    tags: ["Outages"],
    summary: "The active customer's addresses (electricity contracts in force) that can have outage contacts",
    access: "customer",
    feature: "settings.outage-contacts",
    responses: { 200: jsonResponse(OutageAddressList) },
  }),
  async (c) => {
    const site = c.get("site");
    return c.json({ addresses: await listOutageAddresses(site.id, c.get("session")!.activeCustomer!.id, todayIn(site.timezone)) }, 200);
  },
);

outagesRouter.openapi(
  defineRoute({
    method: "get",
    path: "/me/outage-contacts",
    operationId: "listOutageContacts",
    errors: { 404: "No such contract for the active customer" },
    tags: ["Outages"],
    summary: "Who is told of outages at the address of a contract, and how",
    access: "customer",
    feature: "settings.outage-contacts",
    request: { query: OutageContactsQuery },
    responses: { 200: jsonResponse(OutageContactList) },
  }),
  async (c) => {
    const { contractId } = c.req.valid("query");
    return c.json({ contractId, contacts: await listOutageContacts(c.get("site").id, c.get("session")!.activeCustomer!.id, contractId) }, 200);
  },
);

outagesRouter.openapi(
  defineRoute({
    method: "put",
    path: "/me/outage-contacts",
    operationId: "replaceOutageContacts",
    errors: { 404: "No such contract for the active customer" },
    tags: ["Outages"],
    summary: "Replaces the outage contacts of one address (contract): kinds Email, Phone, Gsm and Post",
    description:
      "E-mails are stored in lower case, phone numbers in E.164 (local forms are read in the site's country); a Gsm must be a mobile number; Post is a postal address on one line. The same contact twice is refused. Answer: the new list.",
    access: "customer",
    feature: "settings.outage-contacts",
    request: { body: jsonBody(OutageContactsUpdate) },
    responses: { 200: jsonResponse(OutageContactList) },
  }),
  async (c) => {
    const { contractId, contacts } = c.req.valid("json");
    const site = c.get("site");
    const session = c.get("session")!;
    const customerId = session.activeCustomer!.id;
    const saved = await replaceOutageContacts({ id: site.id, country: site.country }, customerId, contractId, contacts);
    await writeAudit({
      siteId: site.id,
      actorPersonId: session.person.id,
      customerId,
      action: "outages:contacts-replaced",
      details: { contractId, kinds: saved.map((s) => s.kind), customerService: !!session.customerService },
      requestId: c.get("requestId") ?? null,
    });
    return c.json({ contractId, contacts: saved }, 200);
  },
);
