import type { ReactNode } from "react";
import { invoicePageContext, loadInvoice, type InvoiceRouteParams } from "../_lib/context";

/**
 * Looks the invoice up above the pages' loading skeletons: an invoice that is not the active
 * customer's answers 404 (the area's not-found page) before anything of the page has streamed.
 * The pages read the same lookup (cached for the request).
 */
export default async function InvoiceLayout({ children, params }: { children: ReactNode; params: InvoiceRouteParams }) {
  await loadInvoice(await invoicePageContext(params), (await params).invoiceNumber);
  return children;
}
