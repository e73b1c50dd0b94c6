import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { setRequestLocale } from "next-intl/server";
import { localePath } from "@/lib/locales";
import { AppError } from "@/server/errors";
import type { PortalSession } from "@/server/auth/session";
import type { Site } from "@/server/sites/sites";
import { getCustomerTicket } from "@/server/support/tickets";
import { requireAreaPage } from "@/server/web/page-context";

/** What a ticket id in a path looks like; anything else is not found without a query. */
const TICKET_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type RouteParams = Promise<{ site: string; locale: string }>;
export type TicketRouteParams = Promise<{ site: string; locale: string; ticketId: string }>;

export interface SupportPageContext {
  site: Site;
  locale: string;
  session: PortalSession;
  /** The active customer's id; null when the person has no customer account to act for. */
  customerId: string | null;
  /** A path on the site in the page's locale. */
  href: (path: string) => string;
}

/** A support page: the area page prologue (site, the support area switched on, a session). */
export async function supportPageContext(params: RouteParams): Promise<SupportPageContext> {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const { site, session } = await requireAreaPage(siteId, locale, "support");
  return { site, locale, session, customerId: session.activeCustomer?.id ?? null, href: (path: string) => localePath(site, locale, path) };
}

/** One lookup per request: the ticket's layout (which answers 404 before anything streams) and its page share it. */
const customerTicket = cache(async (site: Site, customerId: string, ticketId: string, locale: string, markSeen: boolean) => {
  try {
    return await getCustomerTicket(site, customerId, ticketId, locale, { markSeen });
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
});

/** The ticket of the route for the active customer, marked as seen; another customer's id is not found. */
export async function loadTicket(ctx: SupportPageContext, ticketId: string) {
  if (!ctx.customerId || !TICKET_ID.test(ticketId)) notFound();
  // Customer service looking at the account does not clear the customer's unread mark.
  return customerTicket(ctx.site, ctx.customerId, ticketId, ctx.locale, !ctx.session.customerService);
}
