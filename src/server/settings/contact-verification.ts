import "server-only";
/**
 * Verifying an e-mail contact (identity verification EmailVerified): a 6-digit code and a one-click
 * link, mailed through the mail job, hashed at rest, expiring, with attempts limited.
 */
import crypto from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { contactVerifications, customerContacts, customers } from "@/server/db/schema";
import { AppError, notFound, validationError } from "@/server/errors";
import { enforceRateLimit } from "@/server/rate-limit";
import { sendMail } from "@/server/providers/mail/mailer";
import { authSecret } from "@/lib/env";
import { localePath } from "@/lib/locales";
import { auditChange, type SettingsActor, type SettingsSite } from "./actor";
import { verificationMail } from "./mail";

import { contactView, mirror, MAILS_PER_HOUR, MAX_CODE_ATTEMPTS, VERIFICATION_MINUTES, type ContactRow, type ContactView } from "./contact-rows";

const hmac = (purpose: string, value: string) => crypto.createHmac("sha256", authSecret()).update(`${purpose}:${value}`).digest("hex");

async function contactOf(siteId: string, customerId: string, contactId: string): Promise<ContactRow> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(customerContacts)
    .where(and(eq(customerContacts.siteId, siteId), eq(customerContacts.customerId, customerId), eq(customerContacts.id, contactId)));
  if (!row) throw notFound("settings.errors.contact-not-found");
  return row;
}

/** Whether a contact is the customer's (the API asks before it reads a request body). */
export async function isOwnContact(siteId: string, customerId: string, contactId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: customerContacts.id })
    .from(customerContacts)
    .where(and(eq(customerContacts.siteId, siteId), eq(customerContacts.customerId, customerId), eq(customerContacts.id, contactId)));
  return !!row;
}

/** Mails a new code and link for an unverified e-mail; earlier codes stop working. */
export async function sendVerification(actor: SettingsActor, contactId: string, origin: string): Promise<{ contactId: string; expiresAt: string }> {
  const { site, customerId } = actor;
  const contact = await contactOf(site.id, customerId, contactId);
  if (contact.type !== "Email") throw validationError([{ path: "contactId", code: "invalid", message: "settings.errors.not-an-email" }]);
  if (contact.verifiedAt) throw validationError([{ path: "contactId", code: "invalid", message: "settings.errors.already-verified" }]);
  await enforceRateLimit(`contact-verification:${site.id}:${contact.id}`, MAILS_PER_HOUR, 3600);
  const db = await getDb();
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.siteId, site.id), eq(customers.id, customerId)));
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + VERIFICATION_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    await tx
      .update(contactVerifications)
      .set({ usedAt: new Date() })
      .where(and(eq(contactVerifications.siteId, site.id), eq(contactVerifications.contactId, contact.id), isNull(contactVerifications.usedAt)));
    await tx.insert(contactVerifications).values({
      siteId: site.id,
      customerId,
      contactId: contact.id,
      codeHash: hmac("contact-code", `${contact.id}:${code}`),
      tokenHash: hmac("contact-link", token),
      expiresAt,
    });
  });
  const locale = customer.locale && site.locales.includes(customer.locale) ? customer.locale : site.defaultLocaleId;
  const name = customer.kind === "private" ? (customer.firstName ?? customer.name) : customer.name;
  const link = `${origin}/api/contacts/verify?token=${token}`;
  const mail = verificationMail({ site, locale, name, to: contact.value, code, link, minutes: VERIFICATION_MINUTES });
  await sendMail({ siteId: site.id, to: contact.value, subject: mail.subject, text: mail.text, html: mail.html }, { idempotencyKey: `contact-verification:${hmac("contact-link", token)}` });
  return { contactId: contact.id, expiresAt: expiresAt.toISOString() };
}

async function markVerified(db: Db, siteId: string, customerId: string, contactId: string, verificationId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(contactVerifications).set({ usedAt: now }).where(eq(contactVerifications.id, verificationId));
    await tx
      .update(customerContacts)
      .set({ verifiedAt: now, updatedAt: now })
      .where(and(eq(customerContacts.siteId, siteId), eq(customerContacts.customerId, customerId), eq(customerContacts.id, contactId)));
    await mirror(tx, siteId, customerId);
  });
}

/**
 * Checks a code typed on the contacts tab. A verified e-mail is an identity verification of the
 * kind EmailVerified (spec §3): the supplier may use it, and on sites with e-mail sign-in the
 * owner's primary e-mail recognises them. Codes expire and allow a few attempts.
 */
export async function verifyContactCode(actor: SettingsActor, contactId: string, code: string): Promise<ContactView> {
  const { site, customerId } = actor;
  const contact = await contactOf(site.id, customerId, contactId);
  if (contact.type !== "Email") throw validationError([{ path: "code", code: "invalid", message: "settings.errors.not-an-email" }]);
  if (contact.verifiedAt) return contactView(contact);
  const db = await getDb();
  const [pending] = await db
    .select()
    .from(contactVerifications)
    .where(and(eq(contactVerifications.siteId, site.id), eq(contactVerifications.contactId, contact.id), isNull(contactVerifications.usedAt)))
    .orderBy(desc(contactVerifications.createdAt))
    .limit(1);
  if (!pending || pending.expiresAt.getTime() <= Date.now()) throw validationError([{ path: "code", code: "expired", message: "settings.errors.code-expired" }]);
  if (pending.attempts >= MAX_CODE_ATTEMPTS) throw validationError([{ path: "code", code: "too_many_attempts", message: "settings.errors.code-attempts-exceeded" }]);
  const expected = Buffer.from(pending.codeHash, "hex");
  const given = Buffer.from(hmac("contact-code", `${contact.id}:${code.trim()}`), "hex");
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
    // Counted in one statement, so parallel guesses cannot share an attempt.
    const [counted] = await db
      .update(contactVerifications)
      .set({ attempts: sql`${contactVerifications.attempts} + 1` })
      .where(eq(contactVerifications.id, pending.id))
      .returning({ attempts: contactVerifications.attempts });
    const left = Math.max(0, MAX_CODE_ATTEMPTS - counted.attempts);
    throw new AppError("validation", "api.errors.validation", {
      fields: [{ path: "code", code: "invalid", message: left > 0 ? "settings.errors.code-invalid" : "settings.errors.code-attempts-exceeded" }],
      attemptsLeft: left,
    });
  }
  await markVerified(db, site.id, customerId, contact.id, pending.id);
  await auditChange(actor, "contact-verified", { contactId: contact.id, value: contact.value });
  return contactView(await contactOf(site.id, customerId, contact.id));
}

/**
 * The one-click link of the mail: verifies without a session (the link itself proves the mailbox
 * is the customer's) and answers where to send the browser: the contacts tab in the customer's
 * language, saying whether it worked.
 */
export async function verifyContactLink(site: SettingsSite, token: string): Promise<string> {
  const db = await getDb();
  const [pending] = await db
    .select()
    .from(contactVerifications)
    .where(and(eq(contactVerifications.siteId, site.id), eq(contactVerifications.tokenHash, hmac("contact-link", token))));
  const [customer] = pending
    ? await db
        .select({ locale: customers.locale })
        .from(customers)
        .where(and(eq(customers.siteId, site.id), eq(customers.id, pending.customerId)))
    : [];
  const locale = customer?.locale && site.locales.includes(customer.locale) ? customer.locale : site.defaultLocaleId;
  const failed = localePath(site, locale, "/settings?tab=contacts&verification=failed");
  if (!pending || pending.usedAt || pending.expiresAt.getTime() <= Date.now()) {
    // A link used a second time for an address that is verified now: it worked, say so.
    if (pending?.usedAt) {
      const [contact] = await db
        .select()
        .from(customerContacts)
        .where(and(eq(customerContacts.siteId, site.id), eq(customerContacts.id, pending.contactId)));
      if (contact?.verifiedAt) return localePath(site, locale, `/settings?tab=contacts&verified=${contact.id}`);
    }
    return failed;
  }
  await markVerified(db, site.id, pending.customerId, pending.contactId, pending.id);
  return localePath(site, locale, `/settings?tab=contacts&verified=${pending.contactId}`);
}
