import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { profileFor, updateProfile } from "@/server/customers/profile";
import { requestOrigin } from "@/server/auth/auth";
import type { SettingsActor } from "@/server/settings/actor";
import { Profile, ProfileUpdate } from "../schemas/session";

/** The customer a call acts for, who acts and in which role: what every settings service takes. */
export function settingsActor(c: Context<AppEnv>): SettingsActor {
  const s = c.get("session")!;
  return { site: c.get("site"), customerId: s.activeCustomer!.id, personId: s.person.id, role: s.activeCustomer!.role, requestId: c.get("requestId") };
}

/** The site's address as the browser used it: links in mails lead back to it. */
export const originOf = (c: Context<AppEnv>) => requestOrigin(c.req.raw.headers, c.req.url);

export const meRouter = new OpenAPIHono<AppEnv>();

meRouter.openapi(
  defineRoute({
    method: "get",
    path: "/me",
    operationId: "getProfile",
    tags: ["Customer"],
    summary: "The active customer's profile",
    description:
      "Name and details of the customer acted for, the primary contacts, preferred language for letters and e-mails, marketing consents, business customer info (business-customer-info) and membership number (membership-number), and `permissions`: what the caller may change.",
    access: "customer",
    responses: { 200: jsonResponse(Profile) },
  }),
  async (c) => c.json(await profileFor(settingsActor(c)), 200),
);

meRouter.openapi(
  defineRoute({
    method: "put",
    path: "/me",
    operationId: "updateProfile",
    tags: ["Customer"],
    summary: "Update the active customer's profile",
    description:
      "Fields left out stay as they are. Fields the caller may not change (Profile.permissions), of the other kind of customer or switched off on the site are refused with 422 and a field error; nothing is stored then. A changed name shows at once in every session that shows the customer. Customer-service changes are written to the audit log.",
    access: "customer",
    request: { body: jsonBody(ProfileUpdate) },
    responses: { 200: jsonResponse(Profile) },
  }),
  async (c) => c.json(await updateProfile(settingsActor(c), c.req.valid("json"), originOf(c)), 200),
);
