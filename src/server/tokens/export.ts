import "server-only";
import type { ExportSection } from "@/server/settings/export-sections";
import { hasFeature } from "@/lib/features";
import { calendarFeedsExport } from "@/server/calendar/calendar";
import { apiTokensExport } from "./tokens";

/**
 * "My data": the person's personal API tokens for the customer (names, scopes, dates and use per
 * day) and calendar feeds (dates); never a token, a hash or a feed's URL.
 */
export const apiAccessExportSection: ExportSection = {
  key: "apiAccess",
  async collect(ctx) {
    if (!hasFeature(ctx.site, "api-tokens")) return undefined;
    const [tokens, calendarFeeds] = await Promise.all([apiTokensExport(ctx.site.id, ctx.personId, ctx.customerId), calendarFeedsExport(ctx.site.id, ctx.personId, ctx.customerId)]);
    if (!tokens.length && !calendarFeeds.length) return undefined;
    return { tokens, calendarFeeds };
  },
};
