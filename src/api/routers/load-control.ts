import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { changeControl, commandStatus, relayStatus } from "@/server/load-control/load-control";
import { ChangeControl, CommandIdParam, LoadControlGsrnParam, RelayCommand, RelayStatus } from "../schemas/load-control";

/** Load control: a usage point's relay, switched through the meter head-end. */
export const loadControlRouter = new OpenAPIHono<AppEnv>();

loadControlRouter.openapi(
  defineRoute({
    method: "get",
    path: "/load-controls/metering-point-status/{gsrn}",
    operationId: "getRelayStatus",
    errors: { 404: "No such usage point for the active customer" },
    tags: ["Load control"],
    summary: "The relay of a usage point: whether it has one, its confirmed state, a command under way and the latest commands",
    access: "customer",
    feature: "relay-control",
    request: { params: LoadControlGsrnParam },
    responses: { 200: jsonResponse(RelayStatus) },
  }),
  async (c) => c.json(await relayStatus(c.get("site").id, c.get("session")!.activeCustomer!.id, c.req.valid("param").gsrn), 200),
);

loadControlRouter.openapi(
  defineRoute({
    method: "post",
    path: "/load-controls/change-control",
    operationId: "changeRelayControl",
    errors: {
      404: "No such usage point for the active customer",
      409: "A command to this relay is still under way, or the idempotency key was used for another command",
      429: "Too many commands to this relay in the past hour",
    },
    tags: ["Load control"],
    summary: "Switches a relay on or off now, or schedules it on for the cheapest hours of tomorrow's spot prices",
    description:
      "Answers the command (202 when new, 200 when the idempotency key names one already made): follow it with GET /api/load-controls/connection-status/{id} until confirmed, failed or timed_out. A point without a relay is 422; switching at once needs the site's power-control.on-off feature. Written to the audit log.",
    access: "customer",
    feature: "relay-control",
    request: { body: jsonBody(ChangeControl) },
    responses: { 200: jsonResponse(RelayCommand, "The command this idempotency key made earlier"), 202: jsonResponse(RelayCommand, "The new command") },
  }),
  async (c) => {
    const session = c.get("session")!;
    const site = c.get("site");
    const { command, created } = await changeControl(
      site,
      session.activeCustomer!.id,
      { personId: session.person.id, customerService: !!session.customerService, requestId: c.get("requestId") ?? null },
      c.req.valid("json"),
    );
    return created ? c.json(command, 202) : c.json(command, 200);
  },
);

loadControlRouter.openapi(
  defineRoute({
    method: "get",
    path: "/load-controls/connection-status/{commandId}",
    operationId: "getRelayCommand",
    errors: { 404: "No such command for the active customer" },
    tags: ["Load control"],
    summary: "Where a relay command stands: pending, sent, confirmed, failed or timed_out",
    access: "customer",
    feature: "relay-control",
    request: { params: CommandIdParam },
    responses: { 200: jsonResponse(RelayCommand) },
  }),
  async (c) => c.json(await commandStatus(c.get("site").id, c.get("session")!.activeCustomer!.id, c.req.valid("param").commandId), 200),
);
