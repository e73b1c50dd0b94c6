import "server-only";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { banks, eInvoiceOperators, type BillingChannel } from "@/server/db/schema";
import type { FieldError } from "@/server/errors";
import { addDays } from "@/lib/invoices/dates";
import { normalizeIban } from "@/lib/settings/iban";
import { isValidOvt } from "@/lib/business-code";
import { availableChannels } from "./contracts";
import type { ContractSite, PriceComponentView, ProductPriceModel } from "./types";

/**
 * What making or changing a contract row shares: a billing channel checked for what it is, the
 * term's end, the price columns of a product and a new contract number (changes.ts, signing.ts).
 */

/**
 * Checks a billing channel for what it is and gives its stored form; each bad field is added to
 * `fields` under `prefix` (null is answered then).
 */
export async function checkChannel(db: Db, site: ContractSite, channel: BillingChannel, fields: FieldError[], prefix = ""): Promise<BillingChannel | null> {
  const at = (p: string) => `${prefix}${p}`;
  if (!availableChannels(site).includes(channel.type)) {
    fields.push({ path: at("type"), code: "invalid_value", message: "contracts.errors.channel-not-offered" });
    return null;
  }
  switch (channel.type) {
    case "Email":
      return { type: "Email", email: channel.email.trim().toLowerCase() };
    case "Address":
      return { type: "Address", street: channel.street.trim(), postalCode: channel.postalCode.trim(), city: channel.city.trim() };
    case "IBAN": {
      const iban = normalizeIban(channel.iban);
      if (!iban) fields.push({ path: at("iban"), code: "invalid", message: "contracts.errors.iban-invalid" });
      return iban ? { type: "IBAN", iban } : null;
    }
    case "OVT": {
      const ovt = channel.ovt.replace(/\s+/g, "").toUpperCase();
      const [operator] = await db
        .select({ code: eInvoiceOperators.code })
        .from(eInvoiceOperators)
        .where(and(eq(eInvoiceOperators.country, site.country), eq(eInvoiceOperators.code, channel.operatorCode)));
      const valid = isValidOvt(ovt);
      if (!valid) fields.push({ path: at("ovt"), code: "invalid", message: "contracts.errors.ovt-invalid" });
      if (!operator) fields.push({ path: at("operatorCode"), code: "invalid", message: "contracts.errors.operator-unknown" });
      return valid && operator ? { type: "OVT", ovt, operatorCode: channel.operatorCode } : null;
    }
    case "EInvoiceRequest": {
      const [bank] = await db
        .select({ bic: banks.bic })
        .from(banks)
        .where(and(eq(banks.country, site.country), eq(banks.type, "E_INVOICE"), eq(banks.bic, channel.bankBic)));
      if (!bank) fields.push({ path: at("bankBic"), code: "invalid", message: "contracts.errors.bank-unknown" });
      return bank ? { type: "EInvoiceRequest", bankBic: bank.bic } : null;
    }
  }
}

/** The last day of a term of `months` that starts on `start`. */
export function termEndOf(start: string, months: number): string {
  const [y, m, d] = start.split("-").map(Number);
  return addDays(new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10), -1);
}

/** The energy_contracts price columns of a product's components, as the charts and billing read them. */
export function priceColumns(priceModel: ProductPriceModel, components: PriceComponentView[]) {
  const get = (t: string) => components.find((c) => c.type === t)?.value ?? null;
  const hourly = priceModel === "Hourly" || priceModel === "FixedHourlyWithPriceLimits";
  return {
    priceModel: hourly ? ("Hourly" as const) : ("Fixed" as const),
    marginCentsPerKwh: String(get("Margin") ?? 0),
    fixedCentsPerKwh: hourly || get("Base") === null ? null : String(get("Base")),
    dayCentsPerKwh: hourly || get("Day") === null ? null : String(get("Day")),
    nightCentsPerKwh: hourly || get("Night") === null ? null : String(get("Night")),
    monthlyFeeCents: Math.round(get("Monthly") ?? 0),
  };
}

/** A contract number of the site: the country and nine digits. */
export function newContractNumber(site: ContractSite): string {
  return `${site.country}${String(crypto.randomInt(0, 1_000_000_000)).padStart(9, "0")}`;
}
