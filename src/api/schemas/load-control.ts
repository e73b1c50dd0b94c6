import { z } from "@hono/zod-openapi";

/**
 * Load control (spec §7 load control): a usage point's controllable relay and the commands that
 * switch it through the meter head-end. Error messages are translation keys of the
 * `load-control` namespace (`load-control.errors.*`) unless they are the API's own.
 */

export const RelayState = z.enum(["on", "off"]);
export type RelayState = z.infer<typeof RelayState>;
export const CommandState = z.enum(["pending", "sent", "confirmed", "failed", "timed_out", "cancelled"]).openapi({
  description: "pending: not yet at the head-end (or scheduled); sent: waiting for the meter; confirmed, failed, timed_out: final",
});
export type CommandState = z.infer<typeof CommandState>;

export const RelayCommand = z
  .object({
    id: z.string().uuid(),
    gsrn: z.string(),
    action: RelayState,
    state: CommandState,
    scheduledFor: z.string().nullable().openapi({ description: "A scheduled command: when it switches" }),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
    failure: z.string().nullable(),
    byCustomerService: z.boolean(),
  })
  .openapi("RelayCommand");
export type RelayCommand = z.infer<typeof RelayCommand>;

export const RelayStatus = z
  .object({
    gsrn: z.string(),
    hasRelay: z.boolean(),
    device: z.string().nullable(),
    state: RelayState.nullable().openapi({ description: "The last state the meter confirmed" }),
    stateAt: z.string().nullable(),
    pending: RelayCommand.nullable().openapi({ description: "A command on its way to the meter" }),
    commands: z.array(RelayCommand).openapi({ description: "The latest commands, newest first" }),
  })
  .openapi("RelayStatus");
export type RelayStatus = z.infer<typeof RelayStatus>;

export const LoadControlGsrnParam = z.object({
  gsrn: z
    .string()
    .regex(/^[0-9]{18}$/)
    .openapi({ param: { name: "gsrn", in: "path" }, example: "643123456123456781" }),
});

export const CommandIdParam = z.object({
  commandId: z
    .string()
    .uuid()
    .openapi({ param: { name: "commandId", in: "path" } }),
});

export const ChangeControl = z
  .object({
    gsrn: z.string().regex(/^[0-9]{18}$/),
    action: RelayState,
    mode: z.enum(["now", "cheapest-hours"]).openapi({ description: "now: switch at once; cheapest-hours: on for the cheapest block of tomorrow's spot prices, off after it" }),
    hours: z.number().int().min(1).max(8).optional().openapi({ description: "cheapest-hours: how many consecutive hours (default 3)" }),
    idempotencyKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .openapi({ description: "The same key again answers the same command and switches nothing" }),
  })
  .strict()
  .openapi("ChangeControl");
export type ChangeControl = z.infer<typeof ChangeControl>;
