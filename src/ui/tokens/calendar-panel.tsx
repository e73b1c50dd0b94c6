"use client";

import { Anchor } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { CalendarFeedCreated, CalendarFeedState } from "@/api/schemas/tokens";
import { OnceSecret } from "./tokens-panel";
import { FeedPanel } from "./feed-panel";

/**
 * The private calendar feed: invoice due dates, contract ends and planned outages for a calendar
 * app to subscribe to. Its address is shown once when made; it can be replaced or stopped.
 */
export function CalendarPanel({ feed, timeZone }: { feed: CalendarFeedState; timeZone: string }) {
  const t = useTranslations("tokens.calendar");
  return (
    <FeedPanel<CalendarFeedCreated>
      kind="calendar"
      t={t}
      feed={feed}
      timeZone={timeZone}
      // The feed's texts (event titles) are written in the language the customer reads now.
      body={(locale) => ({ locale })}
      created={(created) => (
        <>
          <OnceSecret label={t("url")} value={created.url} help={t("url-once")} testId="calendar-url" />
          <Anchor href={created.url.replace(/^https?:/, "webcal:")} mt="sm" display="inline-block" data-testid="calendar-subscribe">
            {t("subscribe")}
          </Anchor>
        </>
      )}
    />
  );
}
