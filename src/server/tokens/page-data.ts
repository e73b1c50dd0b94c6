import "server-only";
import { calendarFeedState, type CalendarFeedState } from "@/server/calendar/calendar";
import { listApiTokens, type ApiTokenSummary } from "./tokens";

export interface ApiAccessData {
  tokens: ApiTokenSummary[];
  calendar: CalendarFeedState;
}

/** What the API access tab shows: the person's tokens and calendar feed for the customer they act for. */
export async function apiAccessOf(siteId: string, personId: string, customerId: string): Promise<ApiAccessData> {
  const [tokens, calendar] = await Promise.all([listApiTokens({ siteId, personId, customerId }), calendarFeedState({ siteId, personId, customerId })]);
  return { tokens, calendar };
}
