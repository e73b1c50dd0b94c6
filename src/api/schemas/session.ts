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
    activeCustomer: CustomerRef.nullable().openapi({ description: "The customer the session acts for (in customer-service mode, the customer opened)" }),
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

/**
 * Which parts of the customer's settings the caller may change (spec §6): the owner and customer
 * service everything; a representative reads everything but changes only the contacts and their
 * own appearance. The UI shows fields that are not changeable read-only or not at all.
 */
export const ProfilePermissions = z
  .object({
    name: z.boolean(),
    business: z.boolean().openapi({ description: "VAT number and contact person (legal customers, feature business-customer-info)" }),
    membershipNumber: z.boolean().openapi({ description: "Feature membership-number" }),
    locale: z.boolean(),
    marketing: z.boolean().openapi({ description: "False also when the site has settings.marketing-channels-disabled" }),
    contacts: z.boolean(),
    addresses: z.boolean(),
    bankAccounts: z.boolean(),
    appearance: z.boolean(),
    export: z.boolean(),
  })
  .openapi("ProfilePermissions");
export type ProfilePermissions = z.infer<typeof ProfilePermissions>;

export const Profile = z
  .object({
    id: z.string().uuid(),
    clientCode: z.string(),
    kind: z.enum(["private", "legal"]),
    name: z.string().openapi({ description: "Private: first and last name; legal: the legal name" }),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    registryCode: z.string().nullable().openapi({ description: "Business registry code of a legal customer" }),
    vatNumber: z.string().nullable().openapi({ description: "Legal customers with business-customer-info, else null" }),
    contactPerson: z.string().nullable().openapi({ description: "Legal customers with business-customer-info, else null" }),
    email: z.string().nullable().openapi({ description: "The primary verified e-mail (GET /api/me/primary-contacts)" }),
    phone: z.string().nullable().openapi({ description: "The primary mobile or phone number, E.164" }),
    locale: z.string().nullable().openapi({ description: "Preferred language of letters and e-mails" }),
    address: z.object({ street: z.string().nullable(), postalCode: z.string().nullable(), city: z.string().nullable(), country: z.string() }),
    membershipNumber: z.string().nullable().openapi({ description: "With the membership-number feature, else null" }),
    representativeCode: z.string().nullable().openapi({ description: "Shown to the owner only" }),
    marketing: z.object({ email: z.boolean(), phone: z.boolean() }).openapi({ description: "Marketing consent per channel (both false: none)" }),
    role: z.enum(["owner", "representative", "customer_service"]),
    permissions: ProfilePermissions,
  })
  .openapi("Profile");
export type Profile = z.infer<typeof Profile>;

const personName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u);

/**
 * Changes of the profile; fields left out stay as they are. firstName/lastName are for private
 * customers, name/vatNumber/contactPerson for legal ones (422 otherwise). email and phone set the
 * primary contact of their type as PUT /api/me/contacts would (a new e-mail waits for
 * verification). Fields the caller may not change (Profile.permissions) or the site has switched
 * off are refused with 422 and a field error.
 */
export const ProfileUpdate = z
  .object({
    firstName: personName.optional(),
    lastName: personName.optional(),
    name: z.string().trim().min(1).max(200).optional().openapi({ description: "Legal customers: the legal name" }),
    vatNumber: z.string().trim().max(20).nullable().optional().openapi({ description: "EU VAT number (FI12345678, EE123456789, LV12345678901)" }),
    contactPerson: personName.nullable().optional(),
    membershipNumber: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,20}$/)
      .nullable()
      .optional(),
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
