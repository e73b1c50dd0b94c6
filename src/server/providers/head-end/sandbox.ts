import "server-only";
import crypto from "node:crypto";
import type { HeadEndAdapter, HeadEndState, RelayCommandRequest } from "./types";
import { HeadEndError } from "./types";

export interface SandboxOptions {
  /** How long the meter takes to answer. */
  delayMs?: number;
  /** Which commands the meter fails (as real meters sometimes do): by default one in eight, decided by the command id. */
  fails?: (commandId: string) => boolean;
  /** Clock, for tests. */
  now?: () => number;
}

const defaultFails = (commandId: string) => crypto.createHash("sha256").update(commandId).digest()[0] % 8 === 0;

/**
 * A head-end that behaves like a real one without a meter: it accepts a command at once, answers
 * "pending" for a while, then "confirmed" or, now and then, "failed". It keeps no state: the
 * reference carries the command, its submission time and its outcome, so every portal process
 * reads the same answer (nothing lives only in one process's memory).
 */
export function sandboxHeadEnd(options: SandboxOptions = {}): HeadEndAdapter {
  const delayMs = options.delayMs ?? Number(process.env.HEAD_END_SANDBOX_DELAY_MS ?? 4000);
  const fails = options.fails ?? defaultFails;
  const now = options.now ?? Date.now;
  return {
    name: "sandbox",
    async submit(command: RelayCommandRequest) {
      if (!/^[0-9]{18}$/.test(command.gsrn)) throw new HeadEndError("unknown meter", false);
      const outcome = fails(command.commandId) ? "f" : "c";
      return { ref: `sbx.${command.commandId}.${now()}.${outcome}` };
    },
    async status(ref: string): Promise<HeadEndState> {
      const [prefix, , at, outcome] = ref.split(".");
      const submitted = Number(at);
      if (prefix !== "sbx" || !Number.isFinite(submitted)) throw new HeadEndError("unknown reference", false);
      const done = submitted + delayMs;
      if (now() < done) return { state: "pending" };
      return outcome === "f" ? { state: "failed", reason: "meter-not-responding" } : { state: "confirmed", at: new Date(done).toISOString() };
    },
  };
}
