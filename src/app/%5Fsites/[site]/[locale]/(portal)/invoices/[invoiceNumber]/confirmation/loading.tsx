import { PaymentStateLoading } from "@/ui/invoices/payment-state-loading";

export default function Loading() {
  return <PaymentStateLoading />;
}
