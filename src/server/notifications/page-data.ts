import "server-only";
import { listContacts } from "@/server/settings/contacts";
import type { SettingsActor } from "@/server/settings/actor";
import { hasFeature } from "@/lib/features";
import { listSettings, listSubjects } from "./settings";
import { getSpotPriceAlert } from "./spot-price";

/** What the notification settings tab shows: the subjects offered, the customer's choices and the contacts to pick from. */
export async function notificationTabData(actor: SettingsActor) {
  const spot = hasFeature(actor.site, "settings.spot-price");
  const [settings, contacts, spotAlert] = await Promise.all([
    listSettings(actor.site, actor.customerId),
    listContacts(actor.site, actor.customerId),
    spot ? getSpotPriceAlert(actor.site.id, actor.customerId) : null,
  ]);
  return {
    subjects: listSubjects(actor.site),
    settings,
    spotAlert,
    contacts: contacts.map((c) => ({ id: c.id, type: c.type, display: c.display, verified: c.verified })),
  };
}
