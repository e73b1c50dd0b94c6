/** What invoices are and how pages show them: shared by the invoice services and the components. */
import type { PaymentMethod, PaymentProviderId, PaymentStatus } from "@/lib/payments/types";
import type { PostponeWindow } from "./postpone-rules";

export type InvoiceType = "Regular" | "E-Invoice";
/** Stored states. "overdue" is not stored: it is an open invoice whose due date has passed. */
export type InvoiceStatus = "open" | "paid" | "cancelled" | "outsourced";
export type DeliveryChannel = "email" | "postal" | "e-invoice";
/**
 * What a line charges for. Energy components follow the price component types of the product
 * catalogue (Base, Day, Night, ...); "Spot" is energy at the exchange price, "PostponeFee" the
 * fee for moving a due date.
 */
export type LineComponent = "Spot" | "Base" | "Day" | "Night" | "DayWinter" | "NightWinter" | "Margin" | "Monthly" | "PaperBill" | "PostponeFee";
export type LineUnit = "kWh" | "month" | "pcs";

export type InvoiceState = "open" | "overdue" | "paid" | "cancelled" | "outsourced";
export type PaymentState = "paid" | "unpaid" | "cancelled";

export interface InvoiceSummary {
  id: string;
  invoiceNumber: string;
  referenceNumber: string;
  type: InvoiceType;
  status: PaymentState;
  state: InvoiceState;
  overdue: boolean;
  issueDate: string;
  dueDate: string;
  originalDueDate: string;
  postponeCount: number;
  periodStart: string;
  periodEnd: string;
  deliveryChannel: DeliveryChannel;
  currency: string;
  netCents: number;
  vatCents: number;
  totalCents: number;
  paidAt: string | null;
  canPay: boolean;
}

export interface InvoiceLineView {
  id: string;
  position: number;
  component: LineComponent;
  meteringPointId: string | null;
  gsrn: string | null;
  productName: string | null;
  quantityWh: number | null;
  quantity: number;
  unit: LineUnit;
  unitPriceCents: number;
  netCents: number;
  vatRate: number;
  vatRateBasisPoints: number;
  vatCents: number;
  totalCents: number;
}

export interface InvoiceDetail extends InvoiceSummary {
  supplier: {
    name: string;
    registryCode: string | null;
    vatNumber: string | null;
    street: string | null;
    postalCode: string | null;
    city: string | null;
    email: string | null;
    phone: string | null;
  };
  customer: { name: string; clientCode: string; street: string | null; postalCode: string | null; city: string | null; country: string; locale: string | null };
  meteringPoints: {
    id: string;
    gsrn: string;
    energyKind: string;
    address: string;
    consumptionWh: number;
    previousYearConsumptionWh: number | null;
  }[];
  lines: InvoiceLineView[];
  vatBreakdown: { vatRate: number; vatRateBasisPoints: number; netCents: number; vatCents: number; totalCents: number }[];
  comparison: {
    periodStart: string;
    periodEnd: string;
    previousPeriodStart: string;
    previousPeriodEnd: string;
    days: number;
    consumptionWh: number;
    previousConsumptionWh: number | null;
    changePercent: number | null;
    averageDailyWh: number;
    previousAverageDailyWh: number | null;
    previousInvoice: { invoiceNumber: string; totalCents: number; currency: string } | null;
  };
  paymentInstructions: {
    recipient: string;
    iban: string | null;
    bic: string | null;
    bankName: string | null;
    reference: string;
    referenceFormatted: string;
    rfReference: string | null;
    dueDate: string;
    amountCents: number;
    currency: string;
    virtualBarcode: string | null;
  };
  postpone: PostponeWindow;
  payments: { id: string; status: PaymentStatus; provider: PaymentProviderId; method: PaymentMethod; amountCents: number; createdAt: string }[];
}
