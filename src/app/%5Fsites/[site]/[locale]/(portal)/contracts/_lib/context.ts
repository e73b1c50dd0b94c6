import "server-only";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { requireAreaPage } from "@/server/web/page-context";
import { localePath } from "@/lib/locales";
import { getContract } from "@/server/contracts/contracts";
import { AppError } from "@/server/errors";
import type { Site } from "@/server/sites/sites";
import type { PortalSession } from "@/server/auth/session";

export type ContractRouteParams = Promise<{ site: string; locale: string; contractId: string }>;

export interface ContractPageContext {
  site: Site;
  locale: string;
  session: PortalSession;
  customerId: string | null;
  href: (path: string) => string;
}

/** A contract page: the area page prologue (site, the contracts area switched on, a session). */
export async function contractPageContext(params: Promise<{ site: string; locale: string }>): Promise<ContractPageContext> {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const { site, session } = await requireAreaPage(siteId, locale, "contracts");
  return { site, locale, session, customerId: session.activeCustomer?.id ?? null, href: (path: string) => localePath(site, locale, path) };
}

/** The contract of the route for the active customer; another customer's id is not found. */
export async function loadContract(ctx: ContractPageContext, contractId: string) {
  if (!ctx.customerId) notFound();
  try {
    return await getContract(ctx.site, ctx.customerId, decodeURIComponent(contractId));
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
}
