import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { getProfile, profileView, updateProfile } from "@/server/customers/profile";

const Profile = z
  .object({
    id: z.string().uuid(),
    clientCode: z.string(),
    kind: z.enum(["private", "legal"]),
    name: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    registryCode: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    locale: z.string().nullable(),
    address: z.object({ street: z.string().nullable(), postalCode: z.string().nullable(), city: z.string().nullable(), country: z.string() }),
    membershipNumber: z.string().nullable(),
    representativeCode: z.string().nullable().openapi({ description: "Shown to the owner only" }),
    marketing: z.object({ email: z.boolean(), phone: z.boolean() }),
    role: z.enum(["owner", "representative", "customer_service"]),
  })
  .openapi("Profile");

export const ProfileUpdateSchema = z
  .object({
    email: z.email().max(254).nullable().optional(),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 ()-]{5,19}$/)
      .nullable()
      .optional(),
    locale: z.string().max(10).optional(),
    marketing: z.object({ email: z.boolean(), phone: z.boolean() }).strict().optional(),
  })
  .strict()
  .openapi("ProfileUpdate");

export const meRouter = new OpenAPIHono<AppEnv>();

meRouter.openapi(
  defineRoute({
    method: "get",
    path: "/me",
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
    tags: ["Customer"],
    summary: "Update the active customer's contact details and preferences",
    access: "customer",
    request: { body: jsonBody(ProfileUpdateSchema) },
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
