import type { DemoPlan } from "@/server/demo/plan";
import { invoiceMatrixFixtures } from "@/server/invoices/matrix-fixtures";
import { settingsMatrixFixtures } from "@/server/settings/matrix-fixtures";
import { outagesMatrixFixtures } from "@/server/outages/matrix-fixtures";
import { contractMatrixFixtures } from "@/server/contracts/matrix-fixtures";
import { signingMatrixFixtures } from "@/server/contracts/signing-matrix-fixtures";
import { tokenMatrixFixtures } from "@/server/tokens/matrix-fixtures";
import { notificationMatrixFixtures } from "@/server/notifications/matrix-fixtures";
import { demoAnnouncementIds, demoFeedbackFormId } from "@/server/demo/engagement-seeder";
import { demoOwnerTicket } from "@/server/demo/support-seeder";

/**
 * Values for path parameters in the authorization matrix: each names a resource that belongs to
 * the owner customer (the aurora solar household), so other callers must not reach it. A new
 * path parameter needs an entry here, or the matrix fails and says so.
 */
type Resolver = (ctx: { siteId: string; plan: DemoPlan }) => Promise<string> | string;

const RESOLVERS: Record<string, Resolver> = {
  countryCode: () => "FI",
  providerId: () => "sandbox-eid",
  // The browser's own client id (user-id cookie); announcements answer only for the caller's own.
  clientId: () => "matrix-client-0001",
  announcementId: ({ siteId }) => demoAnnouncementIds(siteId)[0],
  // Access is checked before a job is looked up; another site's job is a 404 (dead-letter.test.ts).
  jobId: () => "00000000-0000-4000-8000-000000000000",
  ...invoiceMatrixFixtures,
  // The owner's first contract (energy_contracts.id) and a valid business code.
  ...contractMatrixFixtures,
  // The owner's first usage point (the start information of a new contract).
  ...signingMatrixFixtures,
  // The owner's own e-mail contact and first bank account (settings).
  ...settingsMatrixFixtures,
  // The owner's electricity usage point (with the relay when it has one): outages and load control.
  ...outagesMatrixFixtures,
  // A live personal API token of the owner, and a calendar feed token that names no feed.
  ...tokenMatrixFixtures,
  // The owner's own notification setting and newest inbox message.
  ...notificationMatrixFixtures,
  // The owner's demo ticket (open, with an image attached) and that attachment.
  ticketId: ({ siteId }) => demoOwnerTicket(siteId).ticketId,
  attachmentId: ({ siteId }) => demoOwnerTicket(siteId).attachmentId,
  // The administration area: the site of the request itself (another site's id is a 404, admin.test.ts).
  siteId: ({ siteId }) => siteId,
  // The site's demo feedback form (administrators read its results).
  formId: ({ siteId }) => demoFeedbackFormId(siteId),
};

export function registerFixture(name: string, resolver: Resolver) {
  RESOLVERS[name] = resolver;
}

export async function fixtureFor(name: string, ctx: { siteId: string; plan: DemoPlan }): Promise<string> {
  const resolver = RESOLVERS[name];
  if (!resolver) throw new Error(`The authorization matrix has no fixture for the path parameter "${name}": add one in src/api/matrix/fixtures.ts`);
  return resolver(ctx);
}
