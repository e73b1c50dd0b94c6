import "server-only";
import { listBanks } from "@/server/reference/reference";
import { paymentServices } from "@/server/providers/payments/registry";
import type { Site } from "@/server/sites/sites";
import type { PayOptions } from "@/ui/invoices/pay-invoice";

/** Which payment methods the site's providers offer: Neonomics pays by bank, EveryPay and the sandbox by bank or card. */
export async function payOptions(site: Site): Promise<PayOptions> {
  const providers = paymentServices(site).map((s) => s.provider);
  const bank = providers.some((p) => p === "neonomics" || p === "everypay" || p === "sandbox");
  const card = providers.some((p) => p === "everypay" || p === "sandbox");
  const banks = bank ? (await listBanks(site.country, "BANK_LINK")).map((b) => ({ bic: b.bic, name: b.name })) : [];
  return { bank, card, banks };
}

/** The provider to ask for a method: the site's first one that offers it. */
export function providerFor(site: Site, method: "bank" | "card"): string | undefined {
  const providers = paymentServices(site).map((s) => s.provider);
  return providers.find((p) => (method === "bank" ? p === "neonomics" || p === "everypay" || p === "sandbox" : p === "everypay" || p === "sandbox"));
}
