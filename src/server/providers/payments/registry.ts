import "server-only";
import type { ExternalService, PaymentProviderId } from "@/server/db/schema";
import { sandboxProvidersAllowed } from "@/lib/env";
import { createEveryPayProvider } from "./everypay";
import { createNeonomicsProvider } from "./neonomics";
import { createSandboxProvider } from "./sandbox";
import type { PaymentProvider } from "./types";

export const PAYMENT_PROVIDER_IDS: readonly PaymentProviderId[] = ["sandbox", "everypay", "neonomics"];

export interface PaymentServiceConfig {
  provider: PaymentProviderId;
  name: string;
  settings: Record<string, unknown>;
}

export function isPaymentProviderId(value: unknown): value is PaymentProviderId {
  return typeof value === "string" && (PAYMENT_PROVIDER_IDS as readonly string[]).includes(value);
}

/**
 * The payment providers a site uses: its external services of type PAYMENT, whose settings
 * name the provider ("sandbox", "everypay", "neonomics") and hold its credentials. A site
 * without any pays through the sandbox where sandbox providers are allowed (development, demo).
 */
export function paymentServices(site: { externalServices: ExternalService[] }): PaymentServiceConfig[] {
  const configured = site.externalServices
    .filter((s) => s.type === "PAYMENT")
    .map((s) => {
      const id = String(s.settings?.provider ?? "sandbox").toLowerCase();
      return isPaymentProviderId(id) ? { provider: id, name: s.name, settings: s.settings ?? {} } : null;
    })
    .filter((s): s is PaymentServiceConfig => s !== null)
    .filter((s) => s.provider !== "sandbox" || sandboxProvidersAllowed());
  if (configured.length) return configured;
  return sandboxProvidersAllowed() ? [{ provider: "sandbox", name: "Sandbox", settings: {} }] : [];
}

export function createPaymentProvider(siteId: string, config: PaymentServiceConfig): PaymentProvider {
  switch (config.provider) {
    case "everypay":
      return createEveryPayProvider(config.settings);
    case "neonomics":
      return createNeonomicsProvider(config.settings);
    default:
      return createSandboxProvider(siteId, config.settings);
  }
}

/** The site's provider with that id, or its first one when no id is asked for; null if it has none such. */
export function paymentProviderFor(
  site: { id: string; externalServices: ExternalService[] },
  requested?: PaymentProviderId | null,
): { config: PaymentServiceConfig; provider: PaymentProvider } | null {
  const services = paymentServices(site);
  const config = requested ? services.find((s) => s.provider === requested) : services[0];
  if (!config) return null;
  return { config, provider: createPaymentProvider(site.id, config) };
}
