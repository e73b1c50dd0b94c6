import "server-only";
import { calendarFeedState, type CalendarFeedState } from "@/server/calendar/calendar";
import { listApiTokens, type ApiTokenSummary } from "./tokens";
import { spreadsheetFeedState, type SpreadsheetFeedState } from "./spreadsheet";

export interface ApiAccessData {
  tokens: ApiTokenSummary[];
  calendar: CalendarFeedState;
  spreadsheet: SpreadsheetFeedState;
}

/** What the API access tab shows: the person's tokens, calendar feed and spreadsheet feed for the customer they act for. */
export async function apiAccessOf(siteId: string, personId: string, customerId: string): Promise<ApiAccessData> {
  const actor = { siteId, personId, customerId };
  const [tokens, calendar, spreadsheet] = await Promise.all([listApiTokens(actor), calendarFeedState(actor), spreadsheetFeedState(actor)]);
  return { tokens, calendar, spreadsheet };
}
