import "server-only";
import { and, desc, eq, gte } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { membershipBenefits, memberships, type MembershipBenefitKind } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import type { SettingsSite } from "./actor";

export interface MembershipView {
  memberNumber: string;
  memberSince: string;
  shares: number;
  shareValue: number;
  totalValue: number;
  currency: string;
  benefits: { year: number; kind: MembershipBenefitKind; title: string; amount: number | null }[];
}

/** The text of a benefit in a language: asked for, else the site's default, else any. */
export function titleIn(titles: Record<string, string>, locale: string | undefined, fallback: string): string {
  return (locale && titles[locale]) || titles[fallback] || Object.values(titles)[0] || "";
}

/**
 * The customer's membership of a cooperative supplier (GET /api/me/membership): member number,
 * since when, shares and their value, and the benefits of this year and the last, newest first.
 * Not a member: 404.
 */
export async function getMembership(site: Pick<SettingsSite, "id" | "defaultLocaleId">, customerId: string, locale?: string, now = new Date()): Promise<MembershipView> {
  const db = await getDb();
  const [m] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.siteId, site.id), eq(memberships.customerId, customerId)));
  if (!m) throw notFound("settings.errors.not-a-member");
  const benefits = await db
    .select()
    .from(membershipBenefits)
    .where(and(eq(membershipBenefits.siteId, site.id), eq(membershipBenefits.membershipId, m.id), gte(membershipBenefits.year, now.getUTCFullYear() - 1)))
    .orderBy(desc(membershipBenefits.year), desc(membershipBenefits.amountCents));
  return {
    memberNumber: m.memberNumber,
    memberSince: m.memberSince,
    shares: m.shares,
    shareValue: m.shareValueCents,
    totalValue: m.shares * m.shareValueCents,
    currency: m.currency,
    benefits: benefits.map((b) => ({ year: b.year, kind: b.kind, title: titleIn(b.titles, locale, site.defaultLocaleId), amount: b.amountCents })),
  };
}
