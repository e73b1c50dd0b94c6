import "server-only";
import { httpHeadEnd } from "./http";
import { sandboxHeadEnd } from "./sandbox";
import type { HeadEndAdapter } from "./types";

export type { HeadEndAdapter, HeadEndState, RelayAction, RelayCommandRequest } from "./types";
export { HeadEndError } from "./types";

const KEY = Symbol.for("portal.head-end");
const g = globalThis as typeof globalThis & { [KEY]?: HeadEndAdapter };

/** The head-end of this deployment: the HTTP API of HEAD_END_URL (with HEAD_END_TOKEN), else the sandbox. */
export function headEnd(): HeadEndAdapter {
  if (!g[KEY]) {
    const url = process.env.HEAD_END_URL;
    g[KEY] = url ? httpHeadEnd({ baseUrl: url, token: process.env.HEAD_END_TOKEN ?? "" }) : sandboxHeadEnd();
  }
  return g[KEY];
}

/** Chooses the adapter (a sandbox with other timings, or an HTTP head-end on another address): configuration for tests and scripts. */
export function setHeadEnd(adapter: HeadEndAdapter | null): void {
  g[KEY] = adapter ?? undefined;
}
