import "server-only";
import { httpSigningProvider } from "./http";
import { sandboxSigningProvider } from "./sandbox";
import type { SigningProvider } from "./types";

export type { SigningProvider, SigningState, SigningStatus, StartSigningInput, StartSigningResult } from "./types";
export { SigningError } from "./types";

const KEY = Symbol.for("portal.signing-provider");
const g = globalThis as typeof globalThis & { [KEY]?: SigningProvider };

/** The signing provider of this deployment: the gateway at SIGNING_GATEWAY_URL (with SIGNING_GATEWAY_TOKEN), else the sandbox. */
export function signingProvider(): SigningProvider {
  if (!g[KEY]) {
    const url = process.env.SIGNING_GATEWAY_URL;
    g[KEY] = url ? httpSigningProvider({ baseUrl: url, accessToken: process.env.SIGNING_GATEWAY_TOKEN ?? "" }) : sandboxSigningProvider();
  }
  return g[KEY];
}

/** Chooses the adapter (a gateway on another address, for tests and scripts); null goes back to the default. */
export function setSigningProvider(provider: SigningProvider | null): void {
  g[KEY] = provider ?? undefined;
}
