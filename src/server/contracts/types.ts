import "server-only";
import type { BillingChannel, ContractType, EnergyKind } from "@/server/db/schema";
import type { PriceComponentType, ProductPriceModel } from "@/server/db/schema/contracts";
import type { Feature } from "@/lib/features";

export type { BillingChannel, ContractType, EnergyKind, PriceComponentType, ProductPriceModel };

/** What the contract services need to know of the site of the request. */
export interface ContractSite {
  id: string;
  country: string;
  timezone: string;
  features: readonly Feature[];
}

/** Who acts, for which customer, in what role (owner, representative, customer service). */
export interface ContractActor {
  site: ContractSite;
  customerId: string;
  personId: string;
  role: "owner" | "representative" | "customer_service";
  requestId?: string | null;
}

export type ContractStatus = "pending" | "active" | "ending" | "ended";

export type PriceUnit = "c/kWh" | "cents/month" | "cents/year" | "cents/invoice";

export interface PriceComponentView {
  type: PriceComponentType;
  /** c/kWh without VAT for energy components, cents for the fees. */
  value: number;
  unit: PriceUnit;
}

export interface UsagePointView {
  id: string;
  gsrn: string;
  eicCode: string | null;
  meterNumber: string | null;
  energyKind: EnergyKind;
  locationId: string;
  street: string;
  postalCode: string;
  city: string;
}

export interface ContractDocumentView {
  kind: "contract";
  filename: string;
}

export interface ContractView {
  id: string;
  contractNumber: string;
  type: ContractType;
  status: ContractStatus;
  productId: string | null;
  productName: string;
  priceModel: ProductPriceModel;
  startDate: string;
  endDate: string | null;
  termMonths: number | null;
  termEnd: string | null;
  usagePoint: UsagePointView;
  priceComponents: PriceComponentView[];
  currency: string;
  billingChannel: BillingChannel;
  coOwnerName: string | null;
  /** The additional product chosen with the contract (renewal-offers.additional-product); null or absent without one. */
  additionalProduct?: AdditionalProductView | null;
  documents: ContractDocumentView[];
  /** What the customer may do with it now (and the site allows). */
  actions: { changeBillingChannel: boolean; moveOut: boolean; renew: boolean };
  /** After a move-out: where the final invoice goes and the reading given. */
  moveOut: { finalInvoiceAddress: { street: string; postalCode: string; city: string } | null; readingKwh: number | null } | null;
}

export interface ContractEventView {
  action: string;
  at: string;
  byCustomerService: boolean;
}

export interface ContractDetailView extends ContractView {
  history: ContractEventView[];
  /** The dates a move-out may choose, when the contract may be moved out of. */
  moveOutWindow: { minDate: string; maxDate: string } | null;
  /** Renewal offers while the fixed term ends within the renewal window; the follow-up starts the day after the term. */
  renewal: { startDate: string; offers: RenewalOfferView[] } | null;
  /** The contract this one continues, and the one that continues it. */
  previousContractId: string | null;
  followUpContractId: string | null;
}

export interface MoveOutInput {
  endDate: string;
  address: "current" | "new";
  newAddress?: { street: string; postalCode: string; city: string };
  meterReadingKwh?: number;
}

export interface BillingChannelOptions {
  current: BillingChannel;
  /** The channel types this site offers, the preferred one first. */
  available: BillingChannel["type"][];
  preferEInvoice: boolean;
}

export interface RenewalOfferView {
  offerId: string;
  productId: string;
  productName: string;
  priceModel: ProductPriceModel;
  termMonths: number | null;
  validUntil: string;
  priceComponents: PriceComponentView[];
  /** What the customer may opt into with this offer; null without one or where the site does not offer them. */
  additionalProduct: AdditionalProductView | null;
}

/** An additional product (product group "additional"): a green-energy certificate, a price guarantee … */
export interface AdditionalProductView {
  productId: string;
  name: string;
  description: string;
  priceComponents: PriceComponentView[];
}
