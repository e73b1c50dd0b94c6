import crypto from "node:crypto";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { authSecret } from "@/lib/env";
import { setActiveCustomer, openCustomerAsStaff, addRepresentation, closeCustomerAsStaff } from "@/server/customers/access";
import { writeAudit } from "@/server/audit/audit";
import { clearCustomerServiceCookie, customerServiceCookie } from "@/server/customers/service-cookie";
import type { PortalSession } from "@/server/auth/session";
import { requestOrigin } from "@/server/auth/auth";
import { ActiveCustomer, AddRepresentation, CustomerAnswer, OpenCustomer, Representations, Session, SwitchCustomer } from "../schemas/session";
import { Ok } from "../schemas/common";

const isHttps = (c: Context<AppEnv>) => requestOrigin(c.req.raw.headers, c.req.url).startsWith("https://");

export function sessionView(session: PortalSession | null): Session {
  if (!session) {
    return { status: "unauthenticated", token: null, user: null, userOrRepresentativeCode: null, activeCustomer: null, customers: [], roles: [], customerService: false, expiresAt: null };
  }
  const token = crypto.createHmac("sha256", authSecret()).update(`draft:${session.token}`).digest("base64url");
  return {
    status: "authenticated",
    token,
    user: {
      name: session.person.name,
      ssn: session.person.ssn,
      verifiedAt: session.person.verifiedAt?.toISOString() ?? null,
      clientCode: session.activeCustomer?.clientCode ?? null,
      verified: session.verified,
      identityKind: session.person.identityKind,
      email: session.person.contactEmail,
    },
    userOrRepresentativeCode: session.activeCustomer?.clientCode ?? null,
    activeCustomer: session.activeCustomer
      ? { id: session.activeCustomer.id, clientCode: session.activeCustomer.clientCode, name: session.activeCustomer.name, kind: session.activeCustomer.kind, role: session.activeCustomer.role }
      : null,
    customers: session.customers,
    roles: session.roles,
    customerService: session.customerService,
    expiresAt: session.expiresAt.toISOString(),
  };
}

export const sessionRouter = new OpenAPIHono<AppEnv>();

sessionRouter.openapi(
  defineRoute({
    method: "get",
    path: "/session",
    operationId: "getSession",
    tags: ["Session"],
    summary: "The current session (spec §3 Session)",
    access: "public",
    responses: { 200: jsonResponse(Session) },
  }),
  (c) => c.json(sessionView(c.get("session")), 200),
);

sessionRouter.openapi(
  defineRoute({
    method: "get",
    path: "/me/representatives",
    operationId: "listActableCustomers",
    tags: ["Customer"],
    summary: "Customers the signed-in person may act for",
    access: "person",
    responses: { 200: jsonResponse(Representations) },
  }),
  (c) => {
    const s = c.get("session")!;
    return c.json({ customers: s.customers, activeCustomerId: s.activeCustomer?.id ?? null }, 200);
  },
);

sessionRouter.openapi(
  defineRoute({
    method: "post",
    path: "/me/representatives",
    operationId: "addRepresentation",
    errors: { 429: "Too many codes tried" },
    tags: ["Customer"],
    summary: "Start acting for a customer by the representative code its owner gave",
    access: "person",
    request: { body: jsonBody(AddRepresentation) },
    responses: { 200: jsonResponse(CustomerAnswer) },
  }),
  async (c) => {
    const s = c.get("session")!;
    const { representativeCode } = c.req.valid("json");
    const customer = await addRepresentation(c.get("site").id, s.person.id, representativeCode);
    await setActiveCustomer(c.get("site").id, s.id, s.person.id, customer.id);
    return c.json({ customer }, 200);
  },
);

sessionRouter.openapi(
  defineRoute({
    method: "put",
    path: "/me/active-customer",
    operationId: "switchActiveCustomer",
    errors: { 404: "Not a customer the person may act for" },
    tags: ["Customer"],
    summary: "Switch the customer the person acts for",
    access: "person",
    request: { body: jsonBody(SwitchCustomer) },
    responses: { 200: jsonResponse(ActiveCustomer) },
  }),
  async (c) => {
    const s = c.get("session")!;
    const { customerId } = c.req.valid("json");
    await setActiveCustomer(c.get("site").id, s.id, s.person.id, customerId);
    return c.json({ activeCustomerId: customerId }, 200);
  },
);

sessionRouter.openapi(
  defineRoute({
    method: "post",
    path: "/customer-service/open",
    operationId: "openCustomerAsStaff",
    errors: { 404: "No customer with this client code" },
    tags: ["Customer service"],
    summary: "Customer-service staff open a customer's account (audited)",
    access: "customer_service",
    request: { body: jsonBody(OpenCustomer) },
    responses: { 200: jsonResponse(CustomerAnswer) },
  }),
  async (c) => {
    const s = c.get("session")!;
    const site = c.get("site");
    const customer = await openCustomerAsStaff(site.id, s.id, c.req.valid("json").clientCode);
    await writeAudit({ siteId: site.id, actorPersonId: s.person.id, customerId: customer.id, action: "customer-service:open", requestId: c.get("requestId") });
    c.header("set-cookie", customerServiceCookie(customer.clientCode, isHttps(c)));
    return c.json({ customer: { id: customer.id, clientCode: customer.clientCode, name: customer.name, kind: customer.kind, role: "customer_service" as const } }, 200);
  },
);

sessionRouter.openapi(
  defineRoute({
    method: "post",
    path: "/customer-service/close",
    operationId: "closeCustomerAsStaff",
    tags: ["Customer service"],
    summary: "Leave the customer's account",
    access: "customer_service",
    responses: { 200: jsonResponse(Ok) },
  }),
  async (c) => {
    const s = c.get("session")!;
    const site = c.get("site");
    await closeCustomerAsStaff(s.id, s.customers[0]?.id ?? null);
    await writeAudit({ siteId: site.id, actorPersonId: s.person.id, customerId: s.activeCustomer?.id ?? null, action: "customer-service:close", requestId: c.get("requestId") });
    c.header("set-cookie", clearCustomerServiceCookie(isHttps(c)));
    return c.json({ ok: true }, 200);
  },
);
