import type { ReactNode } from "react";
import { loadTicket, supportPageContext, type TicketRouteParams } from "../_lib/context";

/**
 * Looks the ticket up above the page's loading skeleton: a ticket that is not the active
 * customer's answers 404 (the area's not-found page) before anything of the page has streamed.
 * The page reads the same lookup (cached for the request).
 */
export default async function TicketLayout({ children, params }: { children: ReactNode; params: TicketRouteParams }) {
  await loadTicket(await supportPageContext(params), (await params).ticketId);
  return children;
}
