import { OpenAPIHono, z } from "@hono/zod-openapi";
import { writingGet } from "../middleware/customer-cache";
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { notFound } from "@/server/errors";
import { listContacts, primaryContacts, replaceContacts } from "@/server/settings/contacts";
import { isOwnContact, sendVerification, verifyContactCode, verifyContactLink } from "@/server/settings/contact-verification";
import { listAddresses, updateAddress } from "@/server/settings/addresses";
import { addBankAccount, deleteBankAccount, isOwnBankAccount, listBankAccounts } from "@/server/settings/bank-accounts";
import { getMembership } from "@/server/settings/membership";
import { getAppearance, saveAppearance } from "@/server/settings/appearance";
import { exportMyData } from "@/server/settings/export";
import { originOf, settingsActor } from "./me";
import {
  Address,
  AddressList,
  AddressQuery,
  AddressUpdate,
  Appearance,
  AppearanceUpdate,
  BankAccount,
  BankAccountCreate,
  BankAccountIdParam,
  BankAccountList,
  Contact,
  ContactIdParam,
  ContactList,
  ContactsSaved,
  ContactsUpdate,
  EditableAddressType,
  Membership,
  MembershipQuery,
  MyDataExport,
  PrimaryContacts,
  VerificationSent,
  VerifyContact,
  VerifyLinkAnswer,
  VerifyLinkQuery,
} from "../schemas/settings";

export const settingsRouter = new OpenAPIHono<AppEnv>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Runs before the body is read: another customer's contact or bank account is not found whatever
 * the request says, so a caller learns nothing about ids that are not theirs from validation
 * errors, and nothing is changed.
 */
const ownOnly = (param: "contactId" | "bankAccountId") =>
  createMiddleware<AppEnv>(async (c, next) => {
    const id = c.req.param(param);
    if (id && UUID.test(id)) {
      const s = c.get("session")!;
      const own = param === "contactId" ? await isOwnContact(c.get("site").id, s.activeCustomer!.id, id) : await isOwnBankAccount(c.get("site").id, s.activeCustomer!.id, id);
      if (!own) throw notFound(param === "contactId" ? "settings.errors.contact-not-found" : "settings.errors.bank-account-not-found");
    }
    await next();
  });

const secure = (c: Context<AppEnv>) => originOf(c).startsWith("https://");

// ---------------------------------------------------------------- contacts

settingsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/me/contacts",
    operationId: "listContacts",
    tags: ["Customer"],
    summary: "The active customer's contacts",
    description: "E-mails, mobile (Gsm) and landline (Phone) numbers; phone numbers in E.164. Phone numbers are left out on sites with settings.phone-number-disabled.",
    access: "customer",
    responses: { 200: jsonResponse(ContactList) },
  }),
  async (c) => {
    const a = settingsActor(c);
    return c.json({ contacts: await listContacts(a.site, a.customerId) }, 200);
  },
);

settingsRouter.openapi(
  defineRoute({
    method: "put",
    path: "/me/contacts",
    operationId: "replaceContacts",
    tags: ["Customer"],
    summary: "Replace the active customer's contacts",
    description:
      "The list replaces the contacts: ids left out are removed, entries without an id are added. Phone numbers may be typed in local form (the site's country) and are stored in E.164; a Gsm must be a mobile number. One primary per type. A new or changed e-mail is stored unverified and a 6-digit code and a link are mailed to it; it is used only once verified. A representative may not remove, change or replace the primary e-mail. Phone numbers are refused on sites with settings.phone-number-disabled (and those on file are kept).",
    access: "customer",
    errors: { 403: "The caller may not change contacts", 404: "An id is not one of the customer's contacts" },
    request: { body: jsonBody(ContactsUpdate) },
    responses: { 200: jsonResponse(ContactsSaved) },
  }),
  async (c) => c.json(await replaceContacts(settingsActor(c), c.req.valid("json").contacts, originOf(c)), 200),
);

settingsRouter.openapi(
  defineRoute({
    method: "post",
    path: "/me/contacts/{contactId}/verify",
    operationId: "verifyContact",
    tags: ["Customer"],
    summary: "Verify an e-mail with the code mailed to it",
    description:
      "A wrong code counts as an attempt (details.attemptsLeft); after five, or when the code has expired (30 minutes), a new code must be sent. An e-mail already verified answers as it is.",
    access: "customer",
    middleware: [ownOnly("contactId")],
    errors: { 404: "Not one of the customer's contacts" },
    request: { params: ContactIdParam, body: jsonBody(VerifyContact) },
    responses: { 200: jsonResponse(Contact) },
  }),
  async (c) => c.json(await verifyContactCode(settingsActor(c), c.req.valid("param").contactId, c.req.valid("json").code), 200),
);

settingsRouter.openapi(
  defineRoute({
    method: "post",
    path: "/me/contacts/{contactId}/resend",
    operationId: "resendContactVerification",
    tags: ["Customer"],
    summary: "Mail a new verification code and link",
    description: "Earlier codes and links of the e-mail stop working. At most five mails per e-mail and hour.",
    access: "customer",
    middleware: [ownOnly("contactId")],
    errors: { 404: "Not one of the customer's contacts", 429: "Too many verification mails" },
    request: { params: ContactIdParam },
    responses: { 200: jsonResponse(VerificationSent) },
  }),
  async (c) => c.json(await sendVerification(settingsActor(c), c.req.valid("param").contactId, originOf(c)), 200),
);

settingsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/contacts/verify",
    operationId: "verifyContactLink",
    tags: ["Customer"],
    summary: "The one-click link of the verification mail",
    description:
      "Verifies the e-mail the link was mailed to (no session needed: the link proves the mailbox) and redirects (303) to the contacts tab in the customer's language: /settings?tab=contacts&verified=<contactId>, or &verification=failed when the link is unknown, replaced or expired. A client that sends Accept: application/json gets the outcome as JSON instead.",
    access: "public",
    middleware: [writingGet],
    request: { query: VerifyLinkQuery },
    responses: {
      200: jsonResponse(VerifyLinkAnswer, "The outcome, for clients that ask for JSON"),
      303: { description: "Redirect to the settings page's contacts tab" },
    },
  }),
  async (c) => {
    const target = await verifyContactLink(c.get("site"), c.req.valid("query").token);
    if ((c.req.header("accept") ?? "").includes("application/json")) return c.json({ verified: !target.includes("verification=failed"), redirect: target }, 200);
    return c.redirect(target, 303);
  },
);

settingsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/me/primary-contacts",
    operationId: "getPrimaryContacts",
    tags: ["Customer"],
    summary: "The contacts the supplier uses",
    description: "The primary e-mail once verified (until then the verified one it replaces), the primary mobile and landline numbers (E.164), or null.",
    access: "customer",
    responses: { 200: jsonResponse(PrimaryContacts) },
  }),
  async (c) => {
    const a = settingsActor(c);
    return c.json(await primaryContacts(a.site, a.customerId), 200);
  },
);

// ---------------------------------------------------------------- addresses

settingsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/me/addresses",
    operationId: "listAddresses",
    tags: ["Customer"],
    summary: "The active customer's addresses",
    description:
      "Postal and billing addresses (changeable) and the usage points' addresses (read-only), one per location. isWithActiveContractOnly keeps usage points with an active contract (metering data in the last 12 months); on sites with addresses.active-contracts-only it is always on.",
    access: "customer",
    request: { query: AddressQuery },
    responses: { 200: jsonResponse(AddressList) },
  }),
  async (c) => {
    const q = c.req.valid("query");
    return c.json({ addresses: await listAddresses(settingsActor(c), { requestType: q.requestType, activeOnly: q.isWithActiveContractOnly }) }, 200);
  },
);

for (const type of EditableAddressType.options) {
  settingsRouter.openapi(
    defineRoute({
      method: "put",
      path: `/me/addresses/${type}`,
      operationId: type === "postal" ? "updatePostalAddress" : "updateBillingAddress",
      tags: ["Customer"],
      summary: type === "postal" ? "Change the postal address" : "Change the billing address",
      description:
        "Countries the supplier serves (FI, EE, LV); the postal code in the country's form (LV as LV-1234). Not for representatives (403). Customer-service changes are written to the audit log." +
        (type === "billing" ? " Until a billing address is set, invoices go to the postal address." : ""),
      access: "customer",
      errors: { 403: "The caller may not change addresses" },
      request: { body: jsonBody(AddressUpdate) },
      responses: { 200: jsonResponse(Address) },
    }),
    async (c) => c.json(await updateAddress(settingsActor(c), type, c.req.valid("json")), 200),
  );
}

// ---------------------------------------------------------------- bank accounts

settingsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/me/bank-accounts",
    operationId: "listBankAccounts",
    tags: ["Customer"],
    summary: "The active customer's bank accounts",
    access: "customer",
    responses: { 200: jsonResponse(BankAccountList) },
  }),
  async (c) => {
    const a = settingsActor(c);
    return c.json({ bankAccounts: await listBankAccounts(a.site.id, a.customerId) }, 200);
  },
);

settingsRouter.openapi(
  defineRoute({
    method: "post",
    path: "/me/bank-accounts",
    operationId: "addBankAccount",
    tags: ["Customer"],
    summary: "Add a bank account",
    description:
      "The IBAN is validated (checksum, the country's format, a SEPA country); the BIC and the bank's name are found from the bank code and the banks reference (/api/banks). The holder defaults to the customer's name. Not for representatives (403).",
    access: "customer",
    errors: { 403: "The caller may not change bank accounts" },
    request: { body: jsonBody(BankAccountCreate) },
    responses: { 201: jsonResponse(BankAccount, "Added") },
  }),
  async (c) => c.json(await addBankAccount(settingsActor(c), c.req.valid("json")), 201),
);

settingsRouter.openapi(
  defineRoute({
    method: "delete",
    path: "/me/bank-accounts/{bankAccountId}",
    operationId: "deleteBankAccount",
    tags: ["Customer"],
    summary: "Delete a bank account",
    description: "An account an active direct-debit mandate uses cannot be deleted: 422 with the reason (settings.errors.bank-account-direct-debit). Answers the remaining accounts.",
    access: "customer",
    middleware: [ownOnly("bankAccountId")],
    errors: { 403: "The caller may not change bank accounts", 404: "Not one of the customer's bank accounts" },
    request: { params: BankAccountIdParam },
    responses: { 200: jsonResponse(BankAccountList) },
  }),
  async (c) => {
    const a = settingsActor(c);
    await deleteBankAccount(a, c.req.valid("param").bankAccountId);
    return c.json({ bankAccounts: await listBankAccounts(a.site.id, a.customerId) }, 200);
  },
);

// ---------------------------------------------------------------- membership

settingsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/me/membership",
    operationId: "getMembership",
    tags: ["Customer"],
    summary: "The active customer's membership of the cooperative",
    description: "Member number, member since, shares and their value, and this year's and last year's member benefits (titles in `locale`, else the site's default language).",
    access: "customer",
    feature: "membership",
    errors: { 404: "The customer is not a member" },
    request: { query: MembershipQuery },
    responses: { 200: jsonResponse(Membership) },
  }),
  async (c) => {
    const a = settingsActor(c);
    return c.json(await getMembership(a.site, a.customerId, c.req.valid("query").locale), 200);
  },
);

// ---------------------------------------------------------------- appearance

settingsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/me/appearance",
    operationId: "getAppearance",
    tags: ["Customer"],
    summary: "The signed-in person's appearance",
    access: "person",
    responses: { 200: jsonResponse(Appearance) },
  }),
  async (c) => c.json(await getAppearance(c.get("site"), c.get("session")!.person.id), 200),
);

settingsRouter.openapi(
  defineRoute({
    method: "put",
    path: "/me/appearance",
    operationId: "updateAppearance",
    tags: ["Customer"],
    summary: "Save the signed-in person's appearance",
    description:
      "Colour scheme and interface language, saved for the person (on every device they sign in on). The answer sets the color-scheme and color-scheme-override cookies (and NEXT_LOCALE with a language) so the next first paint uses them. Without the dark-theme feature only light may be chosen.",
    access: "person",
    request: { body: jsonBody(AppearanceUpdate) },
    responses: { 200: jsonResponse(Appearance) },
  }),
  async (c) => {
    const { appearance, cookies } = await saveAppearance(c.get("site"), c.get("session")!.person.id, c.req.valid("json"), secure(c));
    for (const cookie of cookies) c.header("set-cookie", cookie, { append: true });
    return c.json(appearance, 200);
  },
);

// ---------------------------------------------------------------- my data

settingsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/me/export",
    operationId: "exportMyData",
    tags: ["Customer"],
    summary: "Download everything the portal holds about the active customer",
    description:
      "A JSON file (content-disposition: attachment): profile, contacts, addresses, bank accounts, invoices with their lines and payments, a summary of the metering data, consents, feedback, membership and when customer service accessed the account. Each download is written to the audit log.",
    access: "customer",
    responses: {
      200: {
        description: "The file",
        headers: { "content-disposition": { description: 'attachment; filename="my-data-<client code>-<date>.json"', schema: { type: "string" } } },
        content: { "application/json": { schema: MyDataExport } },
      },
    },
  }),
  async (c) => {
    const { document, filename } = await exportMyData(settingsActor(c));
    c.header("content-disposition", `attachment; filename="${filename}"`);
    c.header("cache-control", "no-store");
    return c.json(document as z.infer<typeof MyDataExport>, 200);
  },
);
