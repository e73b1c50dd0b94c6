import { OpenAPIHono } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import { and, eq } from "drizzle-orm";
import type { AppEnv } from "../context";
import { documentLocale } from "../document-locale";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { billingChannelOptions, customerHasContract, getContract, listContracts, mayManage } from "@/server/contracts/contracts";
import { changeBillingChannel, moveOut, renewContract } from "@/server/contracts/changes";
import { renderContractPdf } from "@/server/contracts/pdf";
import { listContractOffers, listProducts } from "@/server/contracts/products";
import type { ContractActor, ContractSite } from "@/server/contracts/types";
import { getDb } from "@/server/db/client";
import { countries, customers } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import { validateBusinessCode } from "@/lib/business-code";
import {
  BillingChannel,
  BillingChannelOptions,
  BusinessCodeParam,
  BusinessCodeQuery,
  BusinessCodeValidation,
  ContractDetail,
  ContractDocumentQuery,
  ContractIdParam,
  ContractList,
  ContractPdf,
  MoveOutRequest,
  RenewRequest,
  ContractOfferList,
  ProductList,
  ProductsByIdsQuery,
  ProductsQuery,
} from "../schemas/contracts";

export function contractSite(c: Context<AppEnv>): ContractSite {
  const s = c.get("site");
  return { id: s.id, country: s.country, timezone: s.timezone, features: s.features };
}

function actorOf(c: Context<AppEnv>): ContractActor {
  const session = c.get("session")!;
  return { site: contractSite(c), customerId: session.activeCustomer!.id, personId: session.person.id, role: session.activeCustomer!.role, requestId: c.get("requestId") };
}

/**
 * Runs before body validation: another customer's contract is not found whatever the body, so a
 * caller learns nothing about contracts that are not theirs. Downloads answer 204 (spec §8).
 */
const customerContractOnly = (notFoundStatus: 204 | 404 = 404) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const id = c.req.param("contractId") ?? "";
    if (!(await customerHasContract(c.get("site").id, c.get("session")!.activeCustomer!.id, id))) {
      if (notFoundStatus === 204) return c.body(null, 204);
      throw notFound("contracts.errors.not-found");
    }
    await next();
  });

/** The flows that change contracts are gone where the site has switched contract management off. */
const managementOn = createMiddleware<AppEnv>(async (c, next) => {
  if (!mayManage(contractSite(c))) throw notFound("api.errors.feature-disabled");
  await next();
});

export const contractsRouter = new OpenAPIHono<AppEnv>();

contractsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/contracts",
    operationId: "listContracts",
    tags: ["Contracts"],
    summary: "The active customer's contracts, by address and usage point, newest first",
    description: "Each with its status, product, term, price components at today's prices (c/kWh without VAT), billing channel and documents.",
    access: "customer",
    feature: "contracts",
    responses: { 200: jsonResponse(ContractList) },
  }),
  async (c) => c.json({ contracts: await listContracts(contractSite(c), c.get("session")!.activeCustomer!.id) }, 200),
);

contractsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/contracts/{contractId}",
    operationId: "getContract",
    errors: { 404: "No such contract for the active customer" },
    tags: ["Contracts"],
    summary: "One contract with its history of changes",
    access: "customer",
    feature: "contracts",
    middleware: [customerContractOnly()],
    request: { params: ContractIdParam },
    responses: { 200: jsonResponse(ContractDetail) },
  }),
  async (c) => c.json(await getContract(contractSite(c), c.get("session")!.activeCustomer!.id, c.req.valid("param").contractId), 200),
);

contractsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/contracts/{contractId}/billing-channels",
    operationId: "getContractBillingChannels",
    errors: { 404: "No such contract for the active customer" },
    tags: ["Contracts"],
    summary: "The contract's billing channel and the channel types the site offers",
    access: "customer",
    feature: "contracts",
    middleware: [customerContractOnly()],
    request: { params: ContractIdParam },
    responses: { 200: jsonResponse(BillingChannelOptions) },
  }),
  async (c) => c.json(await billingChannelOptions(contractSite(c), c.get("session")!.activeCustomer!.id, c.req.valid("param").contractId), 200),
);

contractsRouter.openapi(
  defineRoute({
    method: "post",
    path: "/contracts/{contractId}/change-billing-channels",
    operationId: "changeContractBillingChannel",
    errors: { 404: "No such contract for the active customer, or contract management is switched off", 403: "A representative may not change where invoices go" },
    tags: ["Contracts"],
    summary: "Change where the contract's invoices go",
    description:
      "Email, Address, IBAN (direct debit; checked by its checksum), OVT (Finnish e-invoice address with an operator of GET /api/banks/operators) or EInvoiceRequest (Baltic e-invoice through an e-invoice bank). A channel the site does not offer, or an ended contract, is 422 with field errors whose messages are translation keys. Customer service's changes are audited.",
    access: "customer",
    feature: "contracts",
    middleware: [managementOn, customerContractOnly()],
    request: { params: ContractIdParam, body: jsonBody(BillingChannel) },
    responses: { 200: jsonResponse(ContractDetail) },
  }),
  async (c) => c.json(await changeBillingChannel(actorOf(c), c.req.valid("param").contractId, c.req.valid("json")), 200),
);

contractsRouter.openapi(
  defineRoute({
    method: "post",
    path: "/contracts/{contractId}/move-out",
    operationId: "moveOutOfContract",
    errors: { 404: "No such contract for the active customer, or contract management is switched off", 403: "A representative may not end a contract" },
    tags: ["Contracts"],
    summary: "End an active contract on moving out",
    description:
      "The end date is not in the past and at most the supplier's limit ahead (the contract's `moveOutWindow`); the final invoice goes to the current address or a new one; a meter reading is optional. The contract becomes ending. A contract that is not active is 422 with a field error on endDate; nothing changes. Customer service's changes are audited.",
    access: "customer",
    feature: "contracts",
    middleware: [managementOn, customerContractOnly()],
    request: { params: ContractIdParam, body: jsonBody(MoveOutRequest) },
    responses: { 200: jsonResponse(ContractDetail) },
  }),
  async (c) => c.json(await moveOut(actorOf(c), c.req.valid("param").contractId, c.req.valid("json")), 200),
);

contractsRouter.openapi(
  defineRoute({
    method: "post",
    path: "/contracts/{contractId}/renew",
    operationId: "renewContract",
    errors: { 404: "No such contract for the active customer, or contract management is switched off", 403: "A representative may not renew a contract" },
    tags: ["Contracts"],
    summary: "Accept a renewal offer",
    description:
      "Only while the contract's fixed term ends within the renewal window and it has open offers (ContractDetail.renewal). The old contract ends on the last day of its term and the follow-up contract of the offered product starts the next day; the answer is the follow-up contract. An ineligible contract or an unknown offer is 422 with a field error on offerId; nothing changes.",
    access: "customer",
    feature: "contracts",
    middleware: [managementOn, customerContractOnly()],
    request: { params: ContractIdParam, body: jsonBody(RenewRequest) },
    responses: { 200: jsonResponse(ContractDetail) },
  }),
  async (c) => c.json(await renewContract(actorOf(c), c.req.valid("param").contractId, c.req.valid("json")), 200),
);

contractsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/contracts/{contractId}/download",
    operationId: "downloadContractPdf",
    tags: ["Contracts"],
    summary: "The contract as PDF",
    description: "In the site's colours and the customer's language (or `locale`). 204 when the contract does not exist for the active customer (spec §8).",
    access: "customer",
    feature: "contracts",
    middleware: [customerContractOnly(204)],
    request: { params: ContractIdParam, query: ContractDocumentQuery },
    responses: {
      200: { description: "PDF", content: { "application/pdf": { schema: ContractPdf } } },
      204: { description: "Not found" },
    },
  }),
  async (c) => {
    const site = c.get("site");
    const customerId = c.get("session")!.activeCustomer!.id;
    const contract = await getContract(contractSite(c), customerId, c.req.valid("param").contractId);
    const db = await getDb();
    const [customer] = await db
      .select({ name: customers.name, locale: customers.locale })
      .from(customers)
      .where(and(eq(customers.siteId, site.id), eq(customers.id, customerId)));
    const [country] = await db.select({ vat: countries.vatRateBasisPoints }).from(countries).where(eq(countries.code, site.country));
    const locale = documentLocale(c, c.req.valid("query").locale, customer?.locale ?? null);
    const pdf = await renderContractPdf(contract, { companyName: site.companyName, themeId: site.themeId, locale, customerName: customer?.name ?? "", vatRateBasisPoints: country?.vat ?? 0 });
    return c.body(new Uint8Array(pdf), 200, {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${contract.documents[0].filename}"`,
      "cache-control": "no-store",
    });
  },
);

contractsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/business/validate/{code}",
    operationId: "validateBusinessCode",
    tags: ["Contracts"],
    summary: "Check a business code by its country's rules and check digit",
    description: "FI Y-tunnus, EE registry code, LV registration number; the site's country unless `country` says otherwise. Always 200: `valid` says whether it is, `message` why not.",
    access: "person",
    feature: "contracts",
    request: { params: BusinessCodeParam, query: BusinessCodeQuery },
    responses: { 200: jsonResponse(BusinessCodeValidation) },
  }),
  async (c) => {
    const site = c.get("site");
    const country = c.req.valid("query").country ?? (site.country === "EE" || site.country === "LV" ? site.country : "FI");
    const result = validateBusinessCode(country, c.req.valid("param").code);
    return c.json(
      result.valid
        ? { valid: true, country, normalized: result.normalized, reason: null, message: null }
        : { valid: false, country, normalized: null, reason: result.reason, message: `contracts.errors.business-code-${result.reason}` },
      200,
    );
  },
);

contractsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/products",
    operationId: "listProducts",
    errors: { 404: "The usage point is not the active customer's" },
    tags: ["Contracts"],
    summary: "The products the active customer may choose, with today's price components",
    description:
      "Offer visibility: Public products, TargetGroup products of the customer's groups, Personal products with an open personal offer, and CampaignCode products only with `campaignCode`. Only products for the customer's kind (private or legal).",
    access: "customer",
    feature: "contracts",
    request: { query: ProductsQuery },
    responses: { 200: jsonResponse(ProductList) },
  }),
  async (c) => c.json({ products: await listProducts(contractSite(c), c.get("session")!.activeCustomer!.id, c.req.valid("query")) }, 200),
);

contractsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/products/by-ids",
    operationId: "listProductsByIds",
    errors: { 404: "The usage point is not the active customer's" },
    tags: ["Contracts"],
    summary: "Products by id, as GET /api/products serves them",
    description: "Only products the customer may see (offer visibility); prices valid on `supplyStartDate`; `legalEntity` chooses private or legal products.",
    access: "customer",
    feature: "contracts",
    request: { query: ProductsByIdsQuery },
    responses: { 200: jsonResponse(ProductList) },
  }),
  async (c) => {
    const q = c.req.valid("query");
    const products = await listProducts(contractSite(c), c.get("session")!.activeCustomer!.id, {
      productIds: q.productId ?? [],
      legalEntity: q.legalEntity,
      supplyStartDate: q.supplyStartDate,
      meteringPointId: q.meteringPointId,
    });
    return c.json({ products }, 200);
  },
);

contractsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/me/contract-offers",
    operationId: "listContractOffers",
    tags: ["Contracts"],
    summary: "The active customer's open contract offers: personal, campaign and renewal",
    access: "customer",
    feature: "contracts",
    responses: { 200: jsonResponse(ContractOfferList) },
  }),
  async (c) => c.json({ offers: await listContractOffers(contractSite(c), c.get("session")!.activeCustomer!.id) }, 200),
);
