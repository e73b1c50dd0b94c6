import "server-only";
import { env, sandboxProvidersAllowed } from "@/lib/env";
import { httpSigningProvider } from "./http";
import { sandboxSigningProvider } from "./sandbox";
import { SigningError, type SigningProvider } from "./types";

export type { SigningProvider, SigningState, SigningStatus, StartSigningInput, StartSigningResult } from "./types";
export { SigningError } from "./types";

const KEY = Symbol.for("portal.signing-provider");
const g = globalThis as typeof globalThis & { [KEY]?: SigningProvider };

/** A deployment without a gateway where the sandbox is not allowed (production): signing is unavailable, never faked. */
const noGateway: SigningProvider = {
  name: "none",
  start: () => Promise.reject(new SigningError("No signing gateway configured (SIGNING_GATEWAY_URL)", false)),
  status: () => Promise.reject(new SigningError("No signing gateway configured (SIGNING_GATEWAY_URL)", false)),
  download: () => Promise.reject(new SigningError("No signing gateway configured (SIGNING_GATEWAY_URL)", false)),
};

/**
 * The signing provider of this deployment: the gateway at SIGNING_GATEWAY_URL (with
 * SIGNING_GATEWAY_TOKEN); else the sandbox where sandbox providers are allowed (development, demo
 * mode, ALLOW_SANDBOX_PROVIDERS); else none, and signing answers that it is unavailable.
 */
export function signingProvider(): SigningProvider {
  if (!g[KEY]) {
    const { SIGNING_GATEWAY_URL: url, SIGNING_GATEWAY_TOKEN: token } = env();
    g[KEY] = url ? httpSigningProvider({ baseUrl: url, accessToken: token ?? "" }) : sandboxProvidersAllowed() ? sandboxSigningProvider() : noGateway;
  }
  return g[KEY];
}

/** Chooses the adapter (a gateway on another address, for tests and scripts); null goes back to the default. */
export function setSigningProvider(provider: SigningProvider | null): void {
  g[KEY] = provider ?? undefined;
}
