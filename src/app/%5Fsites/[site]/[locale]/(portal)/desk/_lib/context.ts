import "server-only";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { localePath } from "@/lib/locales";
import { AppError } from "@/server/errors";
import type { PortalSession } from "@/server/auth/session";
import type { Site } from "@/server/sites/sites";
import { getDeskTicket } from "@/server/support/desk";
import { requireAreaPage } from "@/server/web/page-context";

const TICKET_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type RouteParams = Promise<{ site: string; locale: string }>;
export type TicketRouteParams = Promise<{ site: string; locale: string; ticketId: string }>;

export interface DeskPageContext {
  site: Site;
  locale: string;
  session: PortalSession;
  href: (path: string) => string;
}

/**
 * A desk page: the site's support area switched on, a session, and the person is customer service
 * of this site. Anyone else gets the not-found page: the desk does not exist for them.
 */
export async function deskPageContext(params: RouteParams): Promise<DeskPageContext> {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const { site, session } = await requireAreaPage(siteId, locale, "support");
  if (!session.roles.includes("customer_service")) notFound();
  return { site, locale, session, href: (path: string) => localePath(site, locale, path) };
}

/** A ticket of the site as the desk sees it; an id of another site (or none) is not found. */
export async function loadDeskTicket(ctx: DeskPageContext, ticketId: string) {
  if (!TICKET_ID.test(ticketId)) notFound();
  try {
    return await getDeskTicket(ctx.site, ticketId, ctx.locale);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
}

export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
