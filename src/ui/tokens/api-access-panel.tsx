import { Stack } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { ApiToken, CalendarFeedState, SpreadsheetFeedState } from "@/api/schemas/tokens";
import { CalendarPanel, SpreadsheetPanel, TokensPanel } from "./lazy";
import { Notice } from "@/ui/shared/notice";

/**
 * Settings → API access: the personal API tokens, the spreadsheet feed and the calendar feed of the person for the
 * customer they act for. Customer-service staff acting for a customer see why they cannot
 * manage them (`access` is null).
 */
export async function ApiAccessPanel({
  customerId,
  access,
  timeZone,
  docsHref,
}: {
  customerId: string;
  access: { tokens: ApiToken[]; calendar: CalendarFeedState; spreadsheet: SpreadsheetFeedState } | null;
  timeZone: string;
  docsHref: string;
}) {
  if (!access) {
    const t = await getTranslations("tokens.errors");
    return (
      <Notice variant="default" data-testid="api-access-customer-service">
        {t("customer-service")}
      </Notice>
    );
  }
  return (
    <Stack gap="xl">
      <TokensPanel customerId={customerId} tokens={access.tokens} timeZone={timeZone} docsHref={docsHref} />
      <SpreadsheetPanel feed={access.spreadsheet} timeZone={timeZone} />
      <CalendarPanel feed={access.calendar} timeZone={timeZone} />
    </Stack>
  );
}
