import { z } from "@hono/zod-openapi";

export const CustomerRef = z
  .object({
    id: z.string().uuid(),
    clientCode: z.string(),
    name: z.string(),
    kind: z.enum(["private", "legal"]),
    role: z.enum(["owner", "representative", "customer_service"]),
  })
  .openapi("CustomerRef");
export type CustomerRef = z.infer<typeof CustomerRef>;

export const Session = z
  .object({
    status: z.enum(["authenticated", "unauthenticated"]),
    token: z.string().nullable().openapi({ description: "An opaque per-session value (not the cookie) that keys client-side draft encryption" }),
    user: z
      .object({
        name: z.string(),
        ssn: z.string().nullable(),
        verifiedAt: z.string().nullable(),
        clientCode: z.string().nullable(),
        verified: z.boolean(),
        identityKind: z.enum(["SsnVerified", "EmailVerified"]),
        email: z.string().nullable(),
      })
      .nullable(),
    userOrRepresentativeCode: z.string().nullable(),
    customers: z.array(CustomerRef),
    roles: z.array(z.enum(["customer_service", "site_admin"])),
    customerService: z.boolean(),
    expiresAt: z.string().nullable(),
  })
  .openapi("Session");
export type Session = z.infer<typeof Session>;

// ---------------------------------------------------------------- acting for customers

export const Representations = z.object({ customers: z.array(CustomerRef), activeCustomerId: z.string().nullable() });
export type Representations = z.infer<typeof Representations>;

export const AddRepresentation = z.object({ representativeCode: z.string().trim().min(1).max(64) });
export type AddRepresentation = z.infer<typeof AddRepresentation>;

/** The customer a call made the active one. */
export const CustomerAnswer = z.object({ customer: CustomerRef });
export type CustomerAnswer = z.infer<typeof CustomerAnswer>;

export const SwitchCustomer = z.object({ customerId: z.string().uuid() });
export type SwitchCustomer = z.infer<typeof SwitchCustomer>;

export const ActiveCustomer = z.object({ activeCustomerId: z.string() });
export type ActiveCustomer = z.infer<typeof ActiveCustomer>;

export const OpenCustomer = z.object({ clientCode: z.string().trim().min(1).max(64) });
export type OpenCustomer = z.infer<typeof OpenCustomer>;

// ---------------------------------------------------------------- /api/me

export const Profile = z
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
export type Profile = z.infer<typeof Profile>;

export const ProfileUpdate = z
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
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;
