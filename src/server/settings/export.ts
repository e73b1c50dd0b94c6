import "server-only";
import { writeAudit } from "@/server/audit/audit";
import { getProfile } from "@/server/customers/profile";
import { requirePermission, type SettingsActor } from "./actor";
import { EXPORT_SECTIONS } from "./export-sections";

/**
 * Everything the portal holds about the customer acted for, as one JSON document (the GDPR's
 * right of access, art. 15): each section of EXPORT_SECTIONS, scoped to the site and customer.
 * Every export is written to the audit log with who asked and in which role.
 */
export async function exportMyData(actor: SettingsActor, now = new Date()) {
  requirePermission(actor, "export");
  const { site, customerId } = actor;
  const customer = await getProfile(site.id, customerId);
  const sections: Record<string, unknown> = {};
  for (const section of EXPORT_SECTIONS) {
    const value = await section.collect({ site, customerId, personId: actor.personId, role: actor.role });
    if (value !== undefined) sections[section.key] = value;
  }
  await writeAudit({
    siteId: site.id,
    actorPersonId: actor.personId,
    customerId,
    action: "settings:data-export",
    details: { role: actor.role, sections: Object.keys(sections), ...(actor.role === "customer_service" ? { customerService: true } : {}) },
    requestId: actor.requestId ?? null,
  });
  return {
    document: {
      format: "portal-my-data" as const,
      version: 1 as const,
      exportedAt: now.toISOString(),
      site: { id: site.id, companyName: site.companyName },
      customer: { id: customer.id, clientCode: customer.clientCode, name: customer.name },
      requestedBy: { role: actor.role },
      sections,
    },
    filename: `my-data-${customer.clientCode}-${now.toISOString().slice(0, 10)}.json`,
  };
}
