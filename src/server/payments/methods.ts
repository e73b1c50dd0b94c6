import "server-only";
import type { ExternalService, PaymentMethod, PaymentProviderId } from "@/server/db/schema";
import { AppError, validationError } from "@/server/errors";
import { listBanks } from "@/server/reference/reference";
import { createPaymentProvider, paymentServices, type PaymentServiceConfig } from "@/server/providers/payments/registry";
import type { PaymentProvider } from "@/server/providers/payments/types";

/**
 * Which payment methods a site offers and which of its providers takes each: the invoice page
 * offers what this says, and starting a payment through the API routes by the same rule.
 */

/** Neonomics initiates bank transfers only; EveryPay and the sandbox take bank links and cards. */
const METHODS_OF: Record<PaymentProviderId, readonly PaymentMethod[]> = {
  neonomics: ["bank"],
  everypay: ["bank", "card"],
  sandbox: ["bank", "card"],
};

export const PAYMENT_METHODS: readonly PaymentMethod[] = ["bank", "card"];

type MethodSite = { id: string; externalServices: ExternalService[] };

export function providerTakes(provider: PaymentProviderId, method: PaymentMethod): boolean {
  return METHODS_OF[provider].includes(method);
}

/** The site's provider for a method: its first one that takes it, in the order the site lists them; null when none does. */
export function methodProvider(site: Pick<MethodSite, "externalServices">, method: PaymentMethod): PaymentProviderId | null {
  return paymentServices(site).find((s) => providerTakes(s.provider, method))?.provider ?? null;
}

export interface SitePaymentMethods {
  bank: boolean;
  card: boolean;
  /** The provider that takes each offered method. */
  providers: Partial<Record<PaymentMethod, PaymentProviderId>>;
  /** The banks a bank payment can be made from (empty without bank payments). */
  banks: { bic: string; name: string }[];
}

/** What the site offers to pay an invoice with. */
export async function paymentMethods(site: Pick<MethodSite, "externalServices"> & { country: string }): Promise<SitePaymentMethods> {
  const providers: SitePaymentMethods["providers"] = {};
  for (const method of PAYMENT_METHODS) {
    const provider = methodProvider(site, method);
    if (provider) providers[method] = provider;
  }
  const banks = providers.bank ? (await listBanks(site.country, "BANK_LINK")).map((b) => ({ bic: b.bic, name: b.name })) : [];
  return { bank: !!providers.bank, card: !!providers.card, providers, banks };
}

/**
 * The provider a payment is started at: the one asked for, else the site's first that takes the
 * method. A provider the site does not have, or one that does not take the method, is a 422 on
 * that field; a site without any provider cannot take payments (503).
 */
export function chooseProvider(site: MethodSite, method: PaymentMethod, requested: PaymentProviderId | null): { config: PaymentServiceConfig; provider: PaymentProvider } {
  const services = paymentServices(site);
  if (!requested && !services.length) throw new AppError("unavailable", "invoices.errors.payments-unavailable");
  const config = requested ? services.find((s) => s.provider === requested) : services.find((s) => providerTakes(s.provider, method));
  if (!config && requested) throw validationError([{ path: "provider", code: "invalid_value", message: "invoices.errors.payment-provider-unknown" }]);
  if (!config || !providerTakes(config.provider, method)) {
    throw validationError([{ path: "method", code: "invalid_value", message: "invoices.errors.payment-method-unavailable" }]);
  }
  return { config, provider: createPaymentProvider(site.id, config) };
}
