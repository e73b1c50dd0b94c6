import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { isSEPACountry } from "ibantools";
import { getDb } from "@/server/db/client";
import { bankAccounts, customers, directDebitMandates, type BankAccountPurpose } from "@/server/db/schema";
import { AppError, notFound, validationError } from "@/server/errors";
import { listBanks } from "@/server/reference/reference";
import { bicForIban, formatIban, normalizeIban } from "@/lib/settings/iban";
import { auditChange, requirePermission, type SettingsActor } from "./actor";

export interface BankAccountView {
  id: string;
  iban: string;
  bic: string | null;
  bankName: string | null;
  holder: string;
  purposes: BankAccountPurpose[];
  inUse: boolean;
  inUseReason: string | null;
  directDebitSince: string | null;
  createdAt: string;
}

export interface BankAccountInput {
  iban: string;
  holder?: string;
  purposes: BankAccountPurpose[];
}

/** At most this many accounts per customer. */
export const MAX_BANK_ACCOUNTS = 10;
const IN_USE = "settings.errors.bank-account-direct-debit";
const PURPOSE_ORDER: BankAccountPurpose[] = ["refund", "direct-debit"];

/** The customer's bank accounts, oldest first, each saying whether an active direct-debit mandate uses it. */
export async function listBankAccounts(siteId: string, customerId: string): Promise<BankAccountView[]> {
  const db = await getDb();
  const rows = await db
    .select({ account: bankAccounts, since: directDebitMandates.signedOn })
    .from(bankAccounts)
    .leftJoin(directDebitMandates, and(eq(directDebitMandates.bankAccountId, bankAccounts.id), eq(directDebitMandates.siteId, siteId), isNull(directDebitMandates.endedAt)))
    .where(and(eq(bankAccounts.siteId, siteId), eq(bankAccounts.customerId, customerId)))
    .orderBy(asc(bankAccounts.createdAt), asc(bankAccounts.id));
  const byId = new Map<string, BankAccountView>();
  for (const { account: a, since } of rows) {
    const seen = byId.get(a.id);
    if (seen) {
      if (since && (!seen.directDebitSince || since < seen.directDebitSince)) seen.directDebitSince = since;
      continue;
    }
    byId.set(a.id, {
      id: a.id,
      iban: formatIban(a.iban),
      bic: a.bic,
      bankName: a.bankName,
      holder: a.holder,
      purposes: PURPOSE_ORDER.filter((p) => a.purposes.includes(p)),
      inUse: !!since,
      inUseReason: since ? IN_USE : null,
      directDebitSince: since ?? null,
      createdAt: a.createdAt.toISOString(),
    });
  }
  return [...byId.values()];
}

const CONTROL = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/u;

/**
 * Adds a bank account (POST /api/me/bank-accounts): the IBAN is checked (checksum and the
 * country's format, a SEPA country, since refunds and direct debits are SEPA payments), the BIC is
 * found from the bank code and the bank's name from the banks reference. The holder defaults to
 * the customer's name.
 */
export async function addBankAccount(actor: SettingsActor, input: BankAccountInput): Promise<BankAccountView> {
  requirePermission(actor, "bankAccounts");
  const { site, customerId } = actor;
  const iban = normalizeIban(input.iban);
  if (!iban) throw validationError([{ path: "iban", code: "invalid", message: "settings.errors.iban-invalid" }]);
  if (!isSEPACountry(iban.slice(0, 2))) throw validationError([{ path: "iban", code: "invalid", message: "settings.errors.iban-not-sepa" }]);
  const holderText = input.holder?.trim().replace(/\s+/g, " ");
  if (holderText !== undefined && (CONTROL.test(holderText) || !/\p{L}/u.test(holderText))) {
    throw validationError([{ path: "holder", code: "invalid", message: "settings.errors.holder-invalid" }]);
  }
  const purposes = PURPOSE_ORDER.filter((p) => input.purposes.includes(p));
  const db = await getDb();
  const [customer] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(and(eq(customers.siteId, site.id), eq(customers.id, customerId)));
  if (!customer) throw notFound();
  const existing = await listBankAccounts(site.id, customerId);
  if (existing.some((a) => a.iban.replace(/\s/g, "") === iban)) throw validationError([{ path: "iban", code: "duplicate", message: "settings.errors.bank-account-exists" }]);
  if (existing.length >= MAX_BANK_ACCOUNTS) throw validationError([{ path: "iban", code: "too_big", message: "settings.errors.too-many-bank-accounts" }]);
  const bic = bicForIban(iban);
  const bank = bic ? (await listBanks(iban.slice(0, 2))).find((b) => b.bic === bic) : undefined;
  const [row] = await db
    .insert(bankAccounts)
    .values({ siteId: site.id, customerId, iban, bic, bankName: bank?.name ?? null, holder: holderText || customer.name, purposes })
    .onConflictDoNothing()
    .returning({ id: bankAccounts.id });
  // Two adds of the same IBAN at once: the second finds the first.
  if (!row) throw validationError([{ path: "iban", code: "duplicate", message: "settings.errors.bank-account-exists" }]);
  const view = (await listBankAccounts(site.id, customerId)).find((a) => a.id === row.id)!;
  await auditChange(actor, "bank-account-added", { bankAccountId: view.id, iban: view.iban, purposes });
  return view;
}

/** Whether a bank account is the customer's (the API asks before anything else). */
export async function isOwnBankAccount(siteId: string, customerId: string, bankAccountId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.siteId, siteId), eq(bankAccounts.customerId, customerId), eq(bankAccounts.id, bankAccountId)));
  return !!row;
}

/**
 * Deletes a bank account (DELETE /api/me/bank-accounts/{id}). An account an active direct-debit
 * mandate uses cannot be deleted (422 saying why): the mandate has to end first. The check and the
 * delete are one statement, so a mandate given meanwhile cannot be left without its account.
 */
export async function deleteBankAccount(actor: SettingsActor, bankAccountId: string): Promise<void> {
  requirePermission(actor, "bankAccounts");
  const { site, customerId } = actor;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.siteId, site.id), eq(bankAccounts.customerId, customerId), eq(bankAccounts.id, bankAccountId)));
  if (!row) throw notFound("settings.errors.bank-account-not-found");
  const deleted = await db
    .delete(bankAccounts)
    .where(
      and(
        eq(bankAccounts.siteId, site.id),
        eq(bankAccounts.customerId, customerId),
        eq(bankAccounts.id, bankAccountId),
        sql`not exists (select 1 from ${directDebitMandates} m where m.bank_account_id = ${bankAccounts.id} and m.ended_at is null)`,
      ),
    )
    .returning({ id: bankAccounts.id });
  if (!deleted.length) {
    throw new AppError("validation", IN_USE, { fields: [{ path: "bankAccountId", code: "in_use", message: IN_USE }] });
  }
  await auditChange(actor, "bank-account-deleted", { bankAccountId, iban: formatIban(row.iban) });
}
