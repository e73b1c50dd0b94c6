"use client";

import { Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { SpreadsheetFeedCreated, SpreadsheetFeedState } from "@/api/schemas/tokens";
import { OnceSecret } from "./tokens-panel";
import { FeedPanel } from "./feed-panel";

/**
 * The spreadsheet feed: private CSV addresses of the customer's consumption and the spot prices
 * for a spreadsheet's import from URL (which cannot send a token in a header). The addresses are
 * shown once when made, with a formula to paste; they can be replaced or stopped.
 */
export function SpreadsheetPanel({ feed, timeZone }: { feed: SpreadsheetFeedState; timeZone: string }) {
  const t = useTranslations("tokens.spreadsheet");
  return (
    <FeedPanel<SpreadsheetFeedCreated>
      kind="spreadsheet"
      t={t}
      feed={feed}
      timeZone={timeZone}
      created={(created) => (
        <Stack gap="md">
          <Text size="sm">{t("url-once")}</Text>
          <OnceSecret label={t("consumption-url")} value={created.urls.consumption} help={t("consumption-help")} testId="spreadsheet-url-consumption" />
          <OnceSecret label={t("spot-url")} value={created.urls.spotPrices} help={t("spot-help")} testId="spreadsheet-url-spot" />
          <OnceSecret label={t("formula")} value={`=IMPORTDATA("${created.urls.consumption}")`} help={t("formula-help")} testId="spreadsheet-formula" />
        </Stack>
      )}
    />
  );
}
