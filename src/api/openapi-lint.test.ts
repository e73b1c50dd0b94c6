import { describe, expect, it } from "vitest";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { createApp, openApiDocument } from "./app";

/**
 * The OpenAPI document is what integrators generate clients from: it must pass Redocly's
 * recommended rules without an error or a warning, and name every operation.
 */
const SOURCE = "openapi.json";
const document = () => openApiDocument(createApp()) as unknown as { paths: Record<string, Record<string, { operationId?: string; summary?: string; tags?: string[] }>> };

/**
 * Endpoints a browser is sent to, which answer only with a redirect (302): they have no 2XX
 * answer by design, so operation-2xx-response is ignored for exactly these two.
 */
const REDIRECT_ONLY = ["#/paths/~1api~1payments~1{paymentId}~1return/get/responses", "#/paths/~1api~1sign-in~1oidc~1{providerId}~1start/get/responses"];

/**
 * GET /api/contracts/start-info/{objectId} is the spec's path (§7), beside the contract's own
 * /api/contracts/{contractId}/…: a URL like /api/contracts/start-info/download could be read as
 * either. It is answered as start information (its router is registered first), and no contract id
 * is "start-info", so no-ambiguous-paths is ignored for pairs with exactly this path.
 */
const AMBIGUOUS_BY_SPEC = "`/api/contracts/start-info/{objectId}`";
const allowedAmbiguity = (p: { ruleId: string; message: string }) => p.ruleId === "no-ambiguous-paths" && p.message.includes(AMBIGUOUS_BY_SPEC);

describe("OpenAPI document", () => {
  it("passes the recommended lint rules", async () => {
    const source = JSON.stringify(document(), null, 2);
    const config = await createConfig({ extends: ["recommended"] }, { ignore: { [SOURCE]: { "operation-2xx-response": new Set(REDIRECT_ONLY) } } });
    const problems = await lintFromString({ source, absoluteRef: SOURCE, config });
    const found = problems.filter((p) => !p.ignored && !allowedAmbiguity(p)).map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(", ")}`);
    expect(found).toEqual([]);
  });

  it("gives every operation a unique camelCase operationId, a summary and a tag", () => {
    const wrong: string[] = [];
    const ids = new Set<string>();
    for (const [path, operations] of Object.entries(document().paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        if (!op.operationId || !/^[a-z][a-zA-Z0-9]*$/.test(op.operationId)) wrong.push(`${where}: operationId ${op.operationId}`);
        else if (ids.has(op.operationId)) wrong.push(`${where}: operationId ${op.operationId} used twice`);
        ids.add(op.operationId ?? "");
        if (!op.summary) wrong.push(`${where}: no summary`);
        if (!op.tags?.length) wrong.push(`${where}: no tag`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
