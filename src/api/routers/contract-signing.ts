import { OpenAPIHono } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import { and, eq } from "drizzle-orm";
import type { AppEnv } from "../context";
import { documentLocale } from "../document-locale";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { contractSite } from "./contracts";
import { mayManage } from "@/server/contracts/contracts";
import { createEstonianSigning, createSigning, downloadSignedContract, finalizeSigning, getSigningStatus } from "@/server/contracts/signing";
import { getStartInfo } from "@/server/contracts/signing-start";
import { getDb } from "@/server/db/client";
import { customers } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import { localePath } from "@/lib/locales";
import {
  CreateContractRequest,
  CreateEstonianContractRequest,
  FinalizeRequest,
  SignedPdf,
  SigningDownloadQuery,
  SigningStarted,
  SigningStatus,
  SigningTokenQuery,
  StartInfo,
  StartInfoParam,
} from "../schemas/contract-signing";

/**
 * Signing a new contract (decision 0015): start information, create (and its Estonian variant),
 * the signing's status, finalize and the signed document. Registered before the contracts router,
 * so /contracts/signing/… and /contracts/start-info/… are not taken for a contract id.
 */
export const contractSigningRouter = new OpenAPIHono<AppEnv>();

function signingSite(c: Context<AppEnv>) {
  const s = c.get("site");
  return { ...contractSite(c), companyName: s.companyName };
}

function actorOf(c: Context<AppEnv>) {
  const session = c.get("session")!;
  return { site: signingSite(c), customerId: session.activeCustomer!.id, personId: session.person.id, role: session.activeCustomer!.role, requestId: c.get("requestId") };
}

/** Signing is a flow: gone where the site has switched contract management off. */
const managementOn = createMiddleware<AppEnv>(async (c, next) => {
  if (!mayManage(contractSite(c))) throw notFound("api.errors.feature-disabled");
  await next();
});

async function customerLocale(c: Context<AppEnv>, requested: string | undefined): Promise<string> {
  const db = await getDb();
  const [customer] = await db
    .select({ locale: customers.locale })
    .from(customers)
    .where(and(eq(customers.siteId, c.get("site").id), eq(customers.id, c.get("session")!.activeCustomer!.id)));
  return documentLocale(c, requested, customer?.locale ?? null);
}

function signingContext(c: Context<AppEnv>, locale: string) {
  const site = c.get("site");
  const origin = new URL(c.req.url).origin;
  return {
    locale,
    companyName: site.companyName,
    themeId: site.themeId,
    returnUrl: (signingId: string) => `${origin}${localePath(site, locale, "/contracts/sign/confirmation")}?signing=${signingId}`,
  };
}

const SIGNING_ERRORS = {
  403: "A representative may not sign contracts for the customer",
  404: "Contract management is switched off",
  503: "The signing provider cannot be reached; nothing was stored",
} as const;

contractSigningRouter.openapi(
  defineRoute({
    method: "get",
    path: "/contracts/start-info/{objectId}",
    operationId: "getContractStartInfo",
    errors: { 404: "No such usage point for the active customer, or contract management is switched off" },
    tags: ["Contract signing"],
    summary: "When a new contract of a usage point may start, who supplies it now and the country's rules",
    access: "customer",
    feature: "contracts",
    middleware: [managementOn],
    request: { params: StartInfoParam },
    responses: { 200: jsonResponse(StartInfo) },
  }),
  async (c) => c.json(await getStartInfo(signingSite(c), c.get("session")!.activeCustomer!.id, c.req.valid("param").objectId), 200),
);

contractSigningRouter.openapi(
  defineRoute({
    method: "post",
    path: "/contracts/create",
    operationId: "createContract",
    errors: SIGNING_ERRORS,
    tags: ["Contract signing"],
    summary: "Start signing a new contract",
    description:
      "Checks the choice (the customer's usage point without an open-ended contract of ours, a product offered to the customer for it, the start date from the start information's earliest date up to a year ahead, the billing channel, options the site allows, a business customer's business code), renders the contract PDF and uploads it to the signing provider. The answer names the provider's page where the customer signs; the contract is made by POST /api/contracts/finalize once signed. Invalid choices are 422 with every field error; nothing is stored.",
    access: "customer",
    feature: "contracts",
    middleware: [managementOn],
    request: { body: jsonBody(CreateContractRequest) },
    responses: { 200: jsonResponse(SigningStarted) },
  }),
  async (c) => {
    const { locale, ...input } = c.req.valid("json");
    return c.json(await createSigning(actorOf(c), input, signingContext(c, await customerLocale(c, locale))), 200);
  },
);

contractSigningRouter.openapi(
  defineRoute({
    method: "post",
    path: "/contracts/create/estonia",
    operationId: "createEstonianContract",
    errors: { ...SIGNING_ERRORS, 404: "The site is not Estonian, or contract management is switched off" },
    tags: ["Contract signing"],
    summary: "Start signing a new contract on the Estonian market",
    description: "As POST /api/contracts/create, with the usage point by its EIC code and a business customer's Estonian registry code.",
    access: "customer",
    feature: "contracts",
    middleware: [managementOn],
    request: { body: jsonBody(CreateEstonianContractRequest) },
    responses: { 200: jsonResponse(SigningStarted) },
  }),
  async (c) => {
    const { locale, ...input } = c.req.valid("json");
    return c.json(await createEstonianSigning(actorOf(c), input, signingContext(c, await customerLocale(c, locale))), 200);
  },
);

contractSigningRouter.openapi(
  defineRoute({
    method: "get",
    path: "/contracts/signing/status",
    operationId: "getContractSigningStatus",
    errors: { 404: "No such signing for the active customer, or contract management is switched off" },
    tags: ["Contract signing"],
    summary: "Where a signing stands: pending, signed, declined or expired",
    access: "customer",
    feature: "contracts",
    middleware: [managementOn],
    request: { query: SigningTokenQuery },
    responses: { 200: jsonResponse(SigningStatus) },
  }),
  async (c) => c.json(await getSigningStatus(contractSite(c), c.get("session")!.activeCustomer!.id, c.req.valid("query").signingToken), 200),
);

contractSigningRouter.openapi(
  defineRoute({
    method: "post",
    path: "/contracts/finalize",
    operationId: "finalizeContract",
    errors: { ...SIGNING_ERRORS, 404: "Contract management is switched off" },
    tags: ["Contract signing"],
    summary: "Make the contract of a signed signing, once; answers the signed document",
    description:
      "The contract starts pending (active from its start day). A repeated finalize answers the same contract and document. 204 when the signing does not exist for the active customer (spec §8); 422 with a field error on signingToken when it is pending, declined or expired. The contract's id is in the X-Contract-Id header.",
    access: "customer",
    feature: "contracts",
    middleware: [managementOn],
    request: { body: jsonBody(FinalizeRequest) },
    responses: {
      200: {
        description: "The signed contract (PDF)",
        headers: { "x-contract-id": { description: "The contract made", schema: { type: "string" } } },
        content: { "application/pdf": { schema: SignedPdf } },
      },
      204: { description: "Not found" },
    },
  }),
  async (c) => {
    const done = await finalizeSigning(actorOf(c), c.req.valid("json").signingToken);
    if (!done) return c.body(null, 204);
    return c.body(new Uint8Array(done.pdf), 200, {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${done.filename.replace(/\.pdf$/, "-signed.pdf")}"`,
      "x-contract-id": done.contractId,
      "cache-control": "no-store",
    });
  },
);

contractSigningRouter.openapi(
  defineRoute({
    method: "get",
    path: "/contracts/signing/download",
    operationId: "downloadSignedContract",
    errors: { 404: "Contract management is switched off" },
    tags: ["Contract signing"],
    summary: "The signed contract of a finalized signing (PDF)",
    description: "204 when there is no such finalized signing of that contract for the active customer (spec §8).",
    access: "customer",
    feature: "contracts",
    middleware: [managementOn],
    request: { query: SigningDownloadQuery },
    responses: {
      200: { description: "PDF", content: { "application/pdf": { schema: SignedPdf } } },
      204: { description: "Not found" },
    },
  }),
  async (c) => {
    const q = c.req.valid("query");
    const doc = await downloadSignedContract(contractSite(c), c.get("session")!.activeCustomer!.id, q.signingToken, q.contractId);
    if (!doc) return c.body(null, 204);
    return c.body(new Uint8Array(doc.pdf), 200, { "content-type": "application/pdf", "content-disposition": `attachment; filename="${doc.filename}"`, "cache-control": "no-store" });
  },
);
