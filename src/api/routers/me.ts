import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { getProfile, profileView, updateProfile } from "@/server/customers/profile";
import { Profile, ProfileUpdate } from "../schemas/session";

export const meRouter = new OpenAPIHono<AppEnv>();

meRouter.openapi(
  defineRoute({
    method: "get",
    path: "/me",
    operationId: "getProfile",
    tags: ["Customer"],
    summary: "The active customer's profile",
    access: "customer",
    responses: { 200: jsonResponse(Profile) },
  }),
  async (c) => {
    const s = c.get("session")!;
    const row = await getProfile(c.get("site").id, s.activeCustomer!.id);
    const view = profileView(row);
    const role = s.activeCustomer!.role;
    return c.json({ ...view, representativeCode: role === "owner" ? view.representativeCode : null, role }, 200);
  },
);

meRouter.openapi(
  defineRoute({
    method: "put",
    path: "/me",
    operationId: "updateProfile",
    tags: ["Customer"],
    summary: "Update the active customer's contact details and preferences",
    access: "customer",
    request: { body: jsonBody(ProfileUpdate) },
    responses: { 200: jsonResponse(Profile) },
  }),
  async (c) => {
    const s = c.get("session")!;
    const row = await updateProfile(c.get("site"), s.activeCustomer!.id, c.req.valid("json"));
    const view = profileView(row);
    const role = s.activeCustomer!.role;
    return c.json({ ...view, representativeCode: role === "owner" ? view.representativeCode : null, role }, 200);
  },
);
