import { z } from "@hono/zod-openapi";
import { Money } from "./common";

/**
 * The customer's settings: contacts, addresses, bank accounts, membership, appearance and the
 * customer's own data export (spec §2 settings tabs, §3, §7 Customer). The profile itself
 * (GET/PUT /api/me) is in session.ts (`Profile`, `ProfileUpdate`).
 *
 * Error messages are translation keys of the `settings` namespace (`settings.errors.*`) unless
 * they are the API's own (`api.errors.*`, `validation.*`).
 */

// ---------------------------------------------------------------- contacts

export const ContactType = z.enum(["Email", "Phone", "Gsm"]).openapi({ description: "Spec §3 contact types: e-mail, landline phone, mobile (GSM)" });
export type ContactType = z.infer<typeof ContactType>;

export const Contact = z
  .object({
    id: z.string().uuid(),
    type: ContactType,
    value: z.string().openapi({ description: "E-mail address, or a phone number in E.164 form (+358401234567)" }),
    display: z.string().openapi({ description: "The value as shown: an e-mail as it is, a phone number in international form (+358 40 1234567)" }),
    primary: z.boolean().openapi({ description: "The contact of its type the supplier uses; one per type" }),
    verified: z.boolean().openapi({ description: "E-mail: confirmed with the code or link mailed to it. Phone numbers are not verified (always false)" }),
    pendingVerification: z.boolean().openapi({ description: "An e-mail waiting for its code; it is not used until verified" }),
    createdAt: z.string(),
  })
  .openapi("Contact");
export type Contact = z.infer<typeof Contact>;

export const ContactList = z.object({ contacts: z.array(Contact) }).openapi("ContactList");
export type ContactList = z.infer<typeof ContactList>;

export const ContactInput = z
  .object({
    id: z.string().uuid().optional().openapi({ description: "An existing contact's id; without it the contact is new" }),
    type: ContactType,
    value: z.string().trim().min(1).max(254).openapi({ description: "Phone numbers may be given in local form; they are stored in E.164" }),
    primary: z.boolean(),
  })
  .strict()
  .openapi("ContactInput");
export type ContactInput = z.infer<typeof ContactInput>;

/**
 * Replaces the customer's contacts with the list: contacts whose id is left out are removed.
 * At most one primary per type (when none is marked, the first of the type becomes primary).
 * A new or changed e-mail is stored unverified and a 6-digit code and a one-click link are mailed
 * to it. Answer: the new list.
 */
export const ContactsUpdate = z
  .object({ contacts: z.array(ContactInput).max(20) })
  .strict()
  .openapi("ContactsUpdate");
export type ContactsUpdate = z.infer<typeof ContactsUpdate>;

/** The answer of PUT /api/me/contacts: the new list, and the e-mails a verification code was mailed to. */
export const ContactsSaved = z
  .object({
    contacts: z.array(Contact),
    verificationsSent: z.array(z.string().uuid()).openapi({ description: "Ids of the contacts whose code and link were mailed" }),
  })
  .openapi("ContactsSaved");
export type ContactsSaved = z.infer<typeof ContactsSaved>;

export const ContactIdParam = z.object({
  contactId: z
    .string()
    .uuid()
    .openapi({ param: { name: "contactId", in: "path" } }),
});

export const VerifyContact = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[0-9]{6}$/)
      .openapi({ example: "123456" }),
  })
  .strict()
  .openapi("VerifyContact");
export type VerifyContact = z.infer<typeof VerifyContact>;

/** The answer of a verification mail sent (PUT contacts sends it too; resend sends a new code). */
export const VerificationSent = z
  .object({
    contactId: z.string().uuid(),
    expiresAt: z.string().openapi({ description: "When the new code and link stop working" }),
  })
  .openapi("VerificationSent");
export type VerificationSent = z.infer<typeof VerificationSent>;

/**
 * The one-click link of the verification mail: GET /api/contacts/verify?token=… verifies the
 * e-mail and redirects (303) to the settings page's contacts tab, in the customer's language:
 * `/settings?tab=contacts&verified=<contactId>` on success, `/settings?tab=contacts&verification=failed`
 * when the link is unknown, used or expired.
 */
export const VerifyLinkQuery = z.object({ token: z.string().min(1).max(200) });
export type VerifyLinkQuery = z.infer<typeof VerifyLinkQuery>;

/** The link's answer to a client that asks for JSON (Accept: application/json) instead of the redirect. */
export const VerifyLinkAnswer = z
  .object({
    verified: z.boolean(),
    redirect: z.string().openapi({ description: "The settings page the browser is sent to" }),
  })
  .openapi("VerifyLinkAnswer");
export type VerifyLinkAnswer = z.infer<typeof VerifyLinkAnswer>;

export const PrimaryContacts = z
  .object({
    email: z.string().nullable().openapi({ description: "The primary e-mail once verified (else another verified e-mail, else null)" }),
    phone: z.string().nullable(),
    gsm: z.string().nullable(),
  })
  .openapi("PrimaryContacts");
export type PrimaryContacts = z.infer<typeof PrimaryContacts>;

// ---------------------------------------------------------------- addresses

export const AddressType = z.enum(["postal", "billing", "usage-point"]);
export type AddressType = z.infer<typeof AddressType>;

export const Address = z
  .object({
    id: z.string().openapi({ description: "postal, billing, or a usage point's location id" }),
    type: AddressType,
    street: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string(),
    editable: z.boolean().openapi({ description: "Postal and billing addresses can be changed (by whoever may change addresses); usage-point addresses are read-only" }),
    sameAsPostal: z.boolean().openapi({ description: "Billing: no own billing address, invoices go to the postal address" }),
    name: z.string().nullable().openapi({ description: "Usage point: the location's name" }),
    gsrns: z.array(z.string()).openapi({ description: "Usage point: the metering points at the address" }),
    activeContract: z.boolean().nullable().openapi({ description: "Usage point: has an active contract (see GET /api/me/addresses)" }),
  })
  .openapi("Address");
export type Address = z.infer<typeof Address>;

export const AddressList = z.object({ addresses: z.array(Address) }).openapi("AddressList");
export type AddressList = z.infer<typeof AddressList>;

const queryBoolean = z.enum(["true", "false"]).transform((v) => v === "true");

/**
 * requestType: one kind of address (all when left out). isWithActiveContractOnly: usage-point
 * addresses with an active contract only; it defaults to on when the site has
 * `addresses.active-contracts-only` (and cannot be turned off there), otherwise to off.
 */
export const AddressQuery = z.object({
  requestType: AddressType.optional(),
  isWithActiveContractOnly: queryBoolean.optional().openapi({ type: "string", enum: ["true", "false"] }),
});
export type AddressQuery = z.input<typeof AddressQuery>;

/**
 * The addresses that can be changed: PUT /api/me/addresses/postal and PUT /api/me/addresses/billing
 * (two fixed paths, not a path parameter).
 */
export const EditableAddressType = z.enum(["postal", "billing"]);
export type EditableAddressType = z.infer<typeof EditableAddressType>;

/** Postal codes are checked per country: FI and EE five digits, LV "LV-1234" (or 4 digits). */
export const AddressUpdate = z
  .object({
    street: z.string().trim().min(1).max(200),
    postalCode: z.string().trim().min(1).max(20),
    city: z.string().trim().min(1).max(100),
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/)
      .openapi({ example: "FI" }),
  })
  .strict()
  .openapi("AddressUpdate");
export type AddressUpdate = z.infer<typeof AddressUpdate>;

// ---------------------------------------------------------------- bank accounts

export const BankAccountPurpose = z.enum(["refund", "direct-debit"]);
export type BankAccountPurpose = z.infer<typeof BankAccountPurpose>;

export const BankAccount = z
  .object({
    id: z.string().uuid(),
    iban: z.string().openapi({ description: "Printed form in groups of four (FI21 1234 5600 0007 85)", example: "FI21 1234 5600 0007 85" }),
    bic: z.string().nullable(),
    bankName: z.string().nullable(),
    holder: z.string(),
    purposes: z.array(BankAccountPurpose),
    inUse: z.boolean().openapi({ description: "An active direct-debit mandate uses it: it cannot be deleted" }),
    inUseReason: z.string().nullable().openapi({ description: "Translation key of why it cannot be deleted" }),
    directDebitSince: z.string().nullable().openapi({ description: "Date the active direct-debit mandate started" }),
    createdAt: z.string(),
  })
  .openapi("BankAccount");
export type BankAccount = z.infer<typeof BankAccount>;

export const BankAccountList = z.object({ bankAccounts: z.array(BankAccount) }).openapi("BankAccountList");
export type BankAccountList = z.infer<typeof BankAccountList>;

export const BankAccountCreate = z
  .object({
    iban: z.string().trim().min(1).max(64).openapi({ description: "Spaces allowed; validated (checksum, country format)", example: "FI2112345600000785" }),
    holder: z.string().trim().min(1).max(140).optional().openapi({ description: "Defaults to the customer's name" }),
    purposes: z.array(BankAccountPurpose).min(1).max(2),
  })
  .strict()
  .openapi("BankAccountCreate");
export type BankAccountCreate = z.infer<typeof BankAccountCreate>;

export const BankAccountIdParam = z.object({
  bankAccountId: z
    .string()
    .uuid()
    .openapi({ param: { name: "bankAccountId", in: "path" } }),
});

// ---------------------------------------------------------------- membership

export const MembershipBenefit = z
  .object({
    year: z.number().int(),
    kind: z.enum(["surplus-refund", "interest-on-shares", "energy-discount", "member-event"]).openapi({ description: "For the UI's icon or grouping; the title says what it is" }),
    title: z.string().openapi({ description: "In the requested language (else the site's default)" }),
    amount: Money.nullable(),
  })
  .openapi("MembershipBenefit");
export type MembershipBenefit = z.infer<typeof MembershipBenefit>;

export const Membership = z
  .object({
    memberNumber: z.string(),
    memberSince: z.string().openapi({ description: "Date (YYYY-MM-DD)" }),
    shares: z.number().int(),
    shareValue: Money.openapi({ description: "Value of one share, integer cents" }),
    totalValue: Money.openapi({ description: "shares × shareValue, integer cents" }),
    currency: z.string(),
    benefits: z.array(MembershipBenefit).openapi({ description: "This year's and last year's benefits, newest first" }),
  })
  .openapi("Membership");
export type Membership = z.infer<typeof Membership>;

export const MembershipQuery = z.object({ locale: z.string().max(10).optional() });

// ---------------------------------------------------------------- appearance

export const ColorSchemeChoice = z.enum(["auto", "light", "dark"]);
export type ColorSchemeChoice = z.infer<typeof ColorSchemeChoice>;

/** Saved for the signed-in person (not the customer): it follows them to every customer and device. */
export const Appearance = z
  .object({
    colorScheme: ColorSchemeChoice.openapi({ description: "The saved choice; without the dark-theme feature it is always light" }),
    locale: z.string().nullable().openapi({ description: "The person's interface language, one of the site's locales; null: not chosen" }),
    darkThemeAvailable: z.boolean(),
  })
  .openapi("Appearance");
export type Appearance = z.infer<typeof Appearance>;

/** The answer sets the color-scheme, color-scheme-override and NEXT_LOCALE cookies for the next first paint. */
export const AppearanceUpdate = z
  .object({
    colorScheme: ColorSchemeChoice,
    locale: z.string().max(10).optional(),
  })
  .strict()
  .openapi("AppearanceUpdate");
export type AppearanceUpdate = z.infer<typeof AppearanceUpdate>;

// ---------------------------------------------------------------- my data

/**
 * GET /api/me/export: everything the portal holds about the active customer, as a JSON file
 * (content-disposition attachment). `sections` has one entry per kind of data (profile, contacts,
 * addresses, bankAccounts, invoices, readings, consents, feedback, customerServiceAccess,
 * membership, and more as areas add theirs).
 */
export const MyDataExport = z
  .object({
    format: z.literal("portal-my-data"),
    version: z.literal(1),
    exportedAt: z.string(),
    site: z.object({ id: z.string(), companyName: z.string() }),
    customer: z.object({ id: z.string(), clientCode: z.string(), name: z.string() }),
    requestedBy: z.object({ role: z.enum(["owner", "representative", "customer_service"]) }),
    sections: z.record(z.string(), z.unknown()),
  })
  .openapi("MyDataExport");
export type MyDataExport = z.infer<typeof MyDataExport>;
