import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { Ok } from "../schemas/common";
import { ApiTokenCreated, ApiTokenIdParam, ApiTokenInput, ApiTokenList } from "../schemas/tokens";
import { AppError } from "@/server/errors";
import { createApiToken, listApiTokens, revokeApiToken, type TokenActor } from "@/server/tokens/tokens";
import type { TokenScope as ServerTokenScope } from "@/server/tokens/scopes";
import type { TokenScope } from "../schemas/tokens";

// The scopes of the contract and of the service are the same list.
const sameScopes: [ServerTokenScope, TokenScope] extends [TokenScope, ServerTokenScope] ? true : never = true;
void sameScopes;

/** The person acting for their own (or a represented) customer; customer-service staff never manage a customer's tokens. */
export function tokenActor(c: Context<AppEnv>): TokenActor {
  const s = c.get("session")!;
  if (s.customerService) throw new AppError("forbidden", "tokens.errors.customer-service");
  return { siteId: c.get("site").id, personId: s.person.id, customerId: s.activeCustomer!.id, requestId: c.get("requestId") };
}

export const tokensRouter = new OpenAPIHono<AppEnv>();

tokensRouter.openapi(
  defineRoute({
    method: "get",
    path: "/me/api-tokens",
    operationId: "listApiTokens",
    errors: { 403: "Customer-service staff acting for the customer" },
    tags: ["API tokens"],
    summary: "The person's personal API tokens for the active customer, with their last use (never the secrets)",
    access: "customer",
    feature: "api-tokens",
    responses: { 200: jsonResponse(ApiTokenList) },
  }),
  async (c) => {
    const a = tokenActor(c);
    return c.json({ tokens: await listApiTokens(a) }, 200);
  },
);

tokensRouter.openapi(
  defineRoute({
    method: "post",
    path: "/me/api-tokens",
    operationId: "createApiToken",
    errors: { 403: "Customer-service staff acting for the customer" },
    tags: ["API tokens"],
    summary: "Creates a read-only personal API token; the answer holds the secret, shown this once",
    description:
      "The token is bound to the person, the active customer and the site. Send it as `Authorization: Bearer <token>` to the operations marked `x-token-scope` with one of its scopes; every other operation answers 403. A representative's token ends when the representation ends.",
    access: "customer",
    feature: "api-tokens",
    request: { body: jsonBody(ApiTokenInput) },
    responses: { 201: jsonResponse(ApiTokenCreated, "Created") },
  }),
  async (c) => {
    const a = tokenActor(c);
    const { token, summary } = await createApiToken(a, c.req.valid("json"));
    return c.json({ token, apiToken: summary }, 201);
  },
);

tokensRouter.openapi(
  defineRoute({
    method: "delete",
    path: "/me/api-tokens/{tokenId}",
    operationId: "revokeApiToken",
    errors: { 403: "Customer-service staff acting for the customer", 404: "No such live token of the person for the active customer" },
    tags: ["API tokens"],
    summary: "Revokes a personal API token: it is refused from this moment",
    access: "customer",
    feature: "api-tokens",
    request: { params: ApiTokenIdParam },
    responses: { 200: jsonResponse(Ok) },
  }),
  async (c) => {
    const a = tokenActor(c);
    await revokeApiToken(a, c.req.valid("param").tokenId);
    return c.json({ ok: true }, 200);
  },
);

tokensRouter.openAPIRegistry.registerComponent("securitySchemes", "personalToken", {
  type: "http",
  scheme: "bearer",
  description: "A personal API token (`eppat_…`), created by the customer in Settings → API access. Read-only; accepted only by the operations marked `x-token-scope`, with that scope.",
});
