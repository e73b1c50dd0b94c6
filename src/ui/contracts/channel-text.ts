import type { BillingChannel } from "@/api/schemas/contracts";
import { formatIban } from "@/i18n/format";

/** Where a billing channel delivers, as one line (the channel's name is shown beside it). */
export function channelTarget(ch: BillingChannel, operatorName?: (code: string) => string | undefined, bankName?: (bic: string) => string | undefined): string {
  switch (ch.type) {
    case "Email":
      return ch.email;
    case "Address":
      return `${ch.street}, ${ch.postalCode} ${ch.city}`;
    case "IBAN":
      return formatIban(ch.iban);
    case "OVT":
      return `${ch.ovt} · ${operatorName?.(ch.operatorCode) ?? ch.operatorCode}`;
    case "EInvoiceRequest":
      return bankName?.(ch.bankBic) ?? ch.bankBic;
  }
}
