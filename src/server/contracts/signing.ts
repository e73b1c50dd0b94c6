import "server-only";
import crypto from "node:crypto";
import { and, eq, gte, inArray, isNull, lte, or } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { contractEvents, contractProducts, contractSignings, customers, energyContracts, meteringPoints, type BillingChannel, type SigningTerms } from "@/server/db/schema";
import { AppError, notFound, validationError, type FieldError } from "@/server/errors";
import { writeAudit } from "@/server/audit/audit";
import { handleJob } from "@/server/jobs/runtime";
import { signingProvider, SigningError } from "@/server/providers/signing";
import { expireSandboxSignings } from "@/server/providers/signing/sandbox";
import { hasFeature } from "@/lib/features";
import { validateBusinessCode, type BusinessCountry } from "@/lib/business-code";
import { contractPdfFilename, mayManage, productComponents } from "./contracts";
import { listProducts } from "./products";
import { renderContractPdf } from "./pdf";
import { siteEnergyFacts } from "@/server/metering/statistics-input";
import { checkChannel, newContractNumber, priceColumns, termEndOf } from "./terms";
import { customerPoint, startInfoOf, UUID } from "./signing-start";
import type { ContractActor, ContractDetailView, ContractSite } from "./types";

/**
 * Signing a new contract (docs/decisions/0015): the customer's choice is checked, rendered as
 * the contract PDF and handed to the signing provider, which answers a signing token and the
 * page where the customer signs. The contract row is written only when a signed signing is
 * finalized, once; an unsigned signing expires. Until then nothing shows in the contract list.
 */

/** How long the customer has to sign at the provider. */
export const SIGNING_MINUTES = 30;
/** Terms a customer may choose instead of the product's own, where the site allows term changes. */
export const TERM_CHOICES = [12, 24, 36] as const;

// ---------------------------------------------------------------------------------------------
// Creating a signing

export interface SigningOptionsInput {
  additionalProductId?: string;
  eInvoice?: boolean;
  emailInvoice?: boolean;
  ownGridProducts?: boolean;
  termMonths?: number;
}

export interface CreateSigningInput {
  meteringPointId: string;
  productId: string;
  campaignCode?: string;
  startDate: string;
  billingChannel: BillingChannel;
  coOwnerName?: string;
  businessCode?: string;
  options?: SigningOptionsInput;
}

export interface CreateSigningContext {
  /** The language of the contract PDF and of the provider's page. */
  locale: string;
  /** The absolute address of the confirmation page without the signing reference. */
  returnUrl: (signingId: string) => string;
  companyName: string;
  themeId: string;
  variant?: "standard" | "estonia";
  now?: Date;
}

export interface SigningStarted {
  signingId: string;
  signingToken: string;
  signingUrl: string;
  expiresAt: string;
  contractNumber: string;
}

function requireMayChange(actor: ContractActor) {
  if (actor.role === "representative") throw new AppError("forbidden", "contracts.errors.representative-read-only");
  if (!mayManage(actor.site)) throw notFound("api.errors.feature-disabled");
}

/**
 * Checks the customer's choice and starts the signing: the usage point is the customer's and has
 * no open-ended contract of ours, the product is offered to the customer for that point, the start
 * date lies between the earliest start and a year ahead, the billing channel is valid, options are
 * the ones the site allows, and a business customer's business code is valid. Bad input is 422
 * with every field error at once; nothing is stored then.
 */
export async function createSigning(actor: ContractActor & { site: ContractSite & { companyName: string } }, input: CreateSigningInput, ctx: CreateSigningContext): Promise<SigningStarted> {
  requireMayChange(actor);
  const db = await getDb();
  const site = actor.site;
  const fields: FieldError[] = [];
  const point = await customerPoint(db, site.id, actor.customerId, input.meteringPointId);
  if (!point) throw validationError([{ path: "meteringPointId", code: "invalid", message: "contract-signing.errors.usage-point-not-found" }]);
  const info = await startInfoOf(db, site, point, ctx.now);
  if (!info.eligible) fields.push({ path: "meteringPointId", code: "invalid", message: "contract-signing.errors.usage-point-has-contract" });
  if (input.startDate < info.earliestStartDate) fields.push({ path: "startDate", code: "too_small", message: "contract-signing.errors.start-too-early" });
  else if (input.startDate > info.latestStartDate) fields.push({ path: "startDate", code: "too_big", message: "contract-signing.errors.start-too-late" });

  const visible = await listProducts(site, actor.customerId, {
    meteringPointId: point.id,
    campaignCode: input.campaignCode,
    supplyStartDate: input.startDate >= info.earliestStartDate ? input.startDate : undefined,
  });
  const product = visible.find((p) => p.id === input.productId);
  if (!product) fields.push({ path: "productId", code: "invalid", message: "contract-signing.errors.product-not-offered" });

  const channel = await checkChannel(db, site, input.billingChannel, fields, "billingChannel.");

  const o = input.options ?? {};
  const feature = (f: Parameters<typeof hasFeature>[1]) => hasFeature(site, f);
  if (o.additionalProductId !== undefined) {
    if (!feature("contracts.signing.additional-product")) fields.push({ path: "options.additionalProductId", code: "invalid", message: "contract-signing.errors.option-not-offered" });
    else if (o.additionalProductId === input.productId || !visible.some((p) => p.id === o.additionalProductId))
      fields.push({ path: "options.additionalProductId", code: "invalid", message: "contract-signing.errors.product-not-offered" });
  }
  if (o.eInvoice && !feature("contracts.signing.e-invoice")) fields.push({ path: "options.eInvoice", code: "invalid", message: "contract-signing.errors.option-not-offered" });
  if (o.emailInvoice && !feature("contracts.signing.email-invoice")) fields.push({ path: "options.emailInvoice", code: "invalid", message: "contract-signing.errors.option-not-offered" });
  if (o.ownGridProducts && !feature("contracts.signing.own-grid-products")) fields.push({ path: "options.ownGridProducts", code: "invalid", message: "contract-signing.errors.option-not-offered" });
  if (o.termMonths !== undefined) {
    if (!feature("contracts.signing.term-changes")) fields.push({ path: "options.termMonths", code: "invalid", message: "contract-signing.errors.option-not-offered" });
    else if (!(TERM_CHOICES as readonly number[]).includes(o.termMonths) || (product && !product.termMonths))
      fields.push({ path: "options.termMonths", code: "invalid", message: "contract-signing.errors.term-not-offered" });
  }
  const coOwner = input.coOwnerName?.trim() || null;
  if (coOwner && feature("contracts.signing.co-owner-disabled")) fields.push({ path: "coOwnerName", code: "invalid", message: "contract-signing.errors.option-not-offered" });

  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.siteId, site.id), eq(customers.id, actor.customerId)));
  if (!customer) throw notFound();
  let businessCode: string | null = null;
  if (customer.kind === "legal") {
    const country = (["FI", "EE", "LV"].includes(site.country) ? site.country : "FI") as BusinessCountry;
    const result = input.businessCode ? validateBusinessCode(country, input.businessCode) : null;
    if (!input.businessCode) fields.push({ path: "businessCode", code: "invalid", message: "contract-signing.errors.business-code-required" });
    else if (result && !result.valid) fields.push({ path: "businessCode", code: "invalid", message: `contracts.errors.business-code-${result.reason}` });
    else if (result?.valid) businessCode = result.normalized;
  }
  if (fields.length || !product || !channel) throw validationError(fields.length ? fields : [{ path: "productId", code: "invalid", message: "contract-signing.errors.product-not-offered" }]);

  const termMonths = o.termMonths ?? product.termMonths;
  const terms: SigningTerms = {
    productId: product.id,
    productName: product.name,
    startDate: input.startDate,
    billingChannel: channel,
    coOwnerName: coOwner,
    businessCode,
    options: { additionalProductId: o.additionalProductId ?? null, eInvoice: !!o.eInvoice, emailInvoice: !!o.emailInvoice, ownGridProducts: !!o.ownGridProducts, termMonths },
    variant: "standard",
  };
  const contractNumber = newContractNumber(site);
  const additional = o.additionalProductId ? visible.find((p) => p.id === o.additionalProductId) : undefined;
  const draft = {
    id: crypto.randomUUID(),
    contractNumber,
    type: product.contractType as ContractDetailView["type"],
    status: "pending",
    productId: product.id,
    productName: product.name,
    priceModel: product.priceModel,
    startDate: input.startDate,
    endDate: null,
    termMonths,
    termEnd: termMonths ? termEndOf(input.startDate, termMonths) : null,
    usagePoint: {
      id: point.id,
      gsrn: point.gsrn,
      eicCode: point.eicCode,
      meterNumber: point.meterNumber,
      energyKind: point.energyKind,
      locationId: point.locationId,
      street: point.street,
      postalCode: point.postalCode,
      city: point.city,
    },
    priceComponents: product.priceComponents,
    currency: "EUR",
    billingChannel: channel,
    coOwnerName: coOwner,
    additionalProduct: additional ? { productId: additional.id, name: additional.name, description: additional.description, priceComponents: additional.priceComponents } : null,
    documents: [],
    actions: { changeBillingChannel: false, moveOut: false, renew: false },
    moveOut: null,
    history: [],
    moveOutWindow: null,
    renewal: null,
    previousContractId: null,
    followUpContractId: null,
  } as ContractDetailView;
  const pdf = await renderContractPdf(draft, {
    companyName: ctx.companyName,
    themeId: ctx.themeId,
    locale: ctx.locale,
    customerName: customer.name,
    vatRateBasisPoints: (await siteEnergyFacts(site)).vatBasisPoints,
  });
  const signingId = crypto.randomUUID();
  const expiresAt = new Date((ctx.now ?? new Date()).getTime() + SIGNING_MINUTES * 60_000);
  const provider = signingProvider();
  let started;
  try {
    started = await provider.start({
      siteId: site.id,
      reference: signingId,
      filename: contractPdfFilename(contractNumber),
      pdf,
      signer: { name: customer.name, personalCode: null, country: site.country },
      language: ctx.locale,
      returnUrl: ctx.returnUrl(signingId),
      expiresAt,
    });
  } catch (err) {
    if (err instanceof SigningError) throw new AppError("unavailable", "contract-signing.errors.provider-unavailable");
    throw err;
  }
  await db.insert(contractSignings).values({
    id: signingId,
    siteId: site.id,
    customerId: actor.customerId,
    personId: actor.personId,
    provider: provider.name,
    token: started.token,
    signingUrl: started.signingUrl,
    meteringPointId: point.id,
    contractNumber,
    terms: { ...terms, variant: ctx.variant ?? "standard" },
    expiresAt,
  });
  return { signingId, signingToken: started.token, signingUrl: started.signingUrl, expiresAt: expiresAt.toISOString(), contractNumber };
}

/** The Estonian market's variant: the usage point by its EIC code (and the registry code of a business). */
export async function createEstonianSigning(
  actor: ContractActor & { site: ContractSite & { companyName: string } },
  input: Omit<CreateSigningInput, "meteringPointId" | "businessCode"> & { eicCode: string; registryCode?: string },
  ctx: CreateSigningContext,
): Promise<SigningStarted> {
  if (actor.site.country !== "EE") throw notFound("contract-signing.errors.estonia-only");
  requireMayChange(actor);
  const db = await getDb();
  const eic = input.eicCode.replace(/\s+/g, "").toUpperCase();
  const [point] = await db
    .select({ id: meteringPoints.id })
    .from(meteringPoints)
    .where(and(eq(meteringPoints.siteId, actor.site.id), eq(meteringPoints.customerId, actor.customerId), eq(meteringPoints.eicCode, eic)));
  if (!point) throw validationError([{ path: "eicCode", code: "invalid", message: "contract-signing.errors.usage-point-not-found" }]);
  const { eicCode: _eic, registryCode, ...rest } = input;
  try {
    return await createSigning(actor, { ...rest, meteringPointId: point.id, businessCode: registryCode }, { ...ctx, variant: "estonia" });
  } catch (err) {
    // This market's field names: the business's code is its registry code.
    const fields = err instanceof AppError ? err.details?.fields : undefined;
    if (fields) throw validationError(fields.map((f) => (f.path === "businessCode" ? { ...f, path: "registryCode" } : f)));
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Status, finalize, download

export interface SigningStatusView {
  signingToken: string;
  status: "pending" | "signed" | "declined" | "expired";
  contractNumber: string;
  expiresAt: string;
  /** The contract once finalized. */
  contractId: string | null;
  /** The provider's page while the signing is pending. */
  signingUrl: string | null;
}

type SigningRow = typeof contractSignings.$inferSelect;

async function findSigning(db: Db, siteId: string, customerId: string, where: { token?: string; id?: string }): Promise<SigningRow | null> {
  if (where.token !== undefined && (!where.token || where.token.length > 200)) return null;
  if (where.id !== undefined && !UUID.test(where.id)) return null;
  const [row] = await db
    .select()
    .from(contractSignings)
    .where(
      and(eq(contractSignings.siteId, siteId), eq(contractSignings.customerId, customerId), where.token !== undefined ? eq(contractSignings.token, where.token) : eq(contractSignings.id, where.id!)),
    );
  return row ?? null;
}

/** Brings a pending signing up to date: its deadline, then what the provider says. */
async function refresh(db: Db, row: SigningRow, now = new Date()): Promise<SigningRow> {
  if (row.state !== "pending") return row;
  let next: { state: SigningRow["state"]; signedAt: Date | null } | null = null;
  try {
    const s = await signingProvider().status(row.token);
    if (s.state !== "pending") next = { state: s.state, signedAt: s.signedAt ? new Date(s.signedAt) : null };
  } catch (err) {
    if (!(err instanceof SigningError)) throw err;
  }
  if (!next && row.expiresAt.getTime() <= now.getTime()) next = { state: "expired", signedAt: null };
  if (!next) return row;
  const [updated] = await db
    .update(contractSignings)
    .set({ state: next.state, signedAt: next.signedAt, updatedAt: now })
    .where(and(eq(contractSignings.id, row.id), eq(contractSignings.state, "pending")))
    .returning();
  return updated ?? (await db.select().from(contractSignings).where(eq(contractSignings.id, row.id)))[0];
}

const statusView = (row: SigningRow): SigningStatusView => ({
  signingToken: row.token,
  status: row.state,
  contractNumber: row.contractNumber,
  expiresAt: row.expiresAt.toISOString(),
  contractId: row.contractId,
  signingUrl: row.state === "pending" ? row.signingUrl : null,
});

/** Where the customer's signing stands; another customer's or site's token is not found. */
export async function getSigningStatus(site: ContractSite, customerId: string, token: string): Promise<SigningStatusView> {
  const db = await getDb();
  const row = await findSigning(db, site.id, customerId, { token });
  if (!row) throw notFound("contract-signing.errors.signing-not-found");
  return statusView(await refresh(db, row));
}

/** The signing behind the confirmation page's reference (the provider returns the customer there). */
export async function getSigningById(site: ContractSite, customerId: string, signingId: string): Promise<SigningStatusView | null> {
  const db = await getDb();
  const row = await findSigning(db, site.id, customerId, { id: signingId });
  return row ? statusView(await refresh(db, row)) : null;
}

export interface FinalizedSigning {
  contractId: string;
  contractNumber: string;
  filename: string;
  pdf: Buffer;
}

/**
 * Turns a signed signing into the contract (pending until its start day, then active), once: a
 * repeated finalize answers the same contract. A signing of no one (or of another customer) is
 * null (the API answers 204); one that is not signed is 422 and changes nothing.
 */
export async function finalizeSigning(actor: ContractActor, token: string, now = new Date()): Promise<FinalizedSigning | null> {
  const db = await getDb();
  let row = await findSigning(db, actor.site.id, actor.customerId, { token });
  if (!row) return null;
  requireMayChange(actor);
  row = await refresh(db, row, now);
  if (row.contractId && row.signedPdf) return { contractId: row.contractId, contractNumber: row.contractNumber, filename: contractPdfFilename(row.contractNumber), pdf: row.signedPdf };
  if (row.state !== "signed") throw validationError([{ path: "signingToken", code: "invalid", message: `contract-signing.errors.signing-${row.state}` }]);
  let pdf: Buffer;
  try {
    pdf = await signingProvider().download(row.token);
  } catch (err) {
    if (err instanceof SigningError) throw new AppError("unavailable", "contract-signing.errors.provider-unavailable");
    throw err;
  }
  const terms = row.terms;
  const signing = row;
  const [product] = await db
    .select()
    .from(contractProducts)
    .where(and(eq(contractProducts.siteId, actor.site.id), eq(contractProducts.id, terms.productId)));
  if (!product) throw validationError([{ path: "signingToken", code: "invalid", message: "contract-signing.errors.product-not-offered" }]);
  // The prices valid on the start day (the campaign code, if any, was checked when signing began).
  const priced = (await productComponents(db, actor.site.id, [product.id], terms.startDate)).get(product.id) ?? [];
  let contractId = "";
  try {
    await db.transaction(async (tx) => {
      // Exactly once: the first finalize locks the signing while contract_id is null; a concurrent
      // one waits here, then finds it set and answers the contract the first one made.
      const claimed = await tx
        .update(contractSignings)
        .set({ finalizedAt: now, updatedAt: now })
        .where(and(eq(contractSignings.id, signing.id), isNull(contractSignings.contractId)))
        .returning({ id: contractSignings.id });
      if (!claimed.length) throw new AlreadyFinalized();
      // A contract of ours that reaches the start (another signing finalized first) leaves this one out.
      const overlapping = await tx
        .select({ id: energyContracts.id })
        .from(energyContracts)
        .where(
          and(
            eq(energyContracts.siteId, actor.site.id),
            eq(energyContracts.meteringPointId, signing.meteringPointId),
            or(isNull(energyContracts.validTo), gte(energyContracts.validTo, terms.startDate)),
          ),
        );
      if (overlapping.length) throw validationError([{ path: "signingToken", code: "invalid", message: "contract-signing.errors.usage-point-has-contract" }]);
      const [created] = await tx
        .insert(energyContracts)
        .values({
          siteId: actor.site.id,
          customerId: actor.customerId,
          meteringPointId: signing.meteringPointId,
          productName: product.name,
          ...priceColumns(product.priceModel, priced),
          currency: "EUR",
          validFrom: terms.startDate,
          validTo: null,
          contractNumber: signing.contractNumber,
          contractType: product.contractType,
          productId: product.id,
          termMonths: terms.options.termMonths,
          termEnd: terms.options.termMonths ? termEndOf(terms.startDate, terms.options.termMonths) : null,
          billingChannel: terms.billingChannel,
          coOwnerName: terms.coOwnerName,
          additionalProductId: terms.options.additionalProductId,
          signedAt: signing.signedAt ?? now,
        })
        .returning({ id: energyContracts.id });
      await tx.update(contractSignings).set({ contractId: created.id, signedPdf: pdf }).where(eq(contractSignings.id, signing.id));
      await tx.insert(contractEvents).values({
        siteId: actor.site.id,
        customerId: actor.customerId,
        contractId: created.id,
        action: "created-by-signing",
        actorPersonId: actor.personId,
        customerService: actor.role === "customer_service",
        details: { signingId: signing.id, productId: product.id, startDate: terms.startDate, variant: terms.variant, options: terms.options, provider: signing.provider },
      });
      contractId = created.id;
    });
  } catch (err) {
    if (!(err instanceof AlreadyFinalized)) throw err;
    const again = await findSigning(db, actor.site.id, actor.customerId, { token });
    if (!again?.contractId || !again.signedPdf) throw err;
    return { contractId: again.contractId, contractNumber: again.contractNumber, filename: contractPdfFilename(again.contractNumber), pdf: again.signedPdf };
  }
  if (actor.role === "customer_service") {
    await writeAudit({
      siteId: actor.site.id,
      actorPersonId: actor.personId,
      customerId: actor.customerId,
      action: "contracts:created-by-signing",
      details: { contractId, signingId: signing.id, customerService: true },
      requestId: actor.requestId ?? null,
    });
  }
  return { contractId, contractNumber: signing.contractNumber, filename: contractPdfFilename(signing.contractNumber), pdf };
}

class AlreadyFinalized extends Error {}

/** The signed document of a finalized signing of the customer; null (204) for anything else. */
export async function downloadSignedContract(site: ContractSite, customerId: string, token: string, contractId: string): Promise<{ filename: string; pdf: Buffer } | null> {
  if (!UUID.test(contractId)) return null;
  const db = await getDb();
  const row = await findSigning(db, site.id, customerId, { token });
  if (!row || row.contractId !== contractId || !row.signedPdf) return null;
  return { filename: contractPdfFilename(row.contractNumber).replace(/\.pdf$/, "-signed.pdf"), pdf: row.signedPdf };
}

/** Signings left unsigned past their deadline become expired, with the provider's sandbox sessions. */
export async function expireSignings(now = new Date()): Promise<number> {
  const db = await getDb();
  const rows = await db
    .update(contractSignings)
    .set({ state: "expired", updatedAt: now })
    .where(and(eq(contractSignings.state, "pending"), lte(contractSignings.expiresAt, now)))
    .returning({ id: contractSignings.id });
  await expireSandboxSignings(now);
  return rows.length;
}

/** Lists signings by id (tests and "my data"). */
export async function signingsOf(siteId: string, customerId: string, ids?: string[]) {
  const db = await getDb();
  const where = [eq(contractSignings.siteId, siteId), eq(contractSignings.customerId, customerId)];
  if (ids?.length) where.push(inArray(contractSignings.id, ids));
  return db
    .select()
    .from(contractSignings)
    .where(and(...where));
}

handleJob("contract-signings-expire", () => expireSignings());

/** The supply start the customer chose for a signing (the confirmation page shows it). */
export async function signingStartDate(siteId: string, customerId: string, signingId: string): Promise<string | null> {
  const db = await getDb();
  const row = await findSigning(db, siteId, customerId, { id: signingId });
  return row?.terms.startDate ?? null;
}
