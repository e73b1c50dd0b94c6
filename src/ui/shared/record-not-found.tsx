import { Stack } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { EmptyState } from "./empty-state";
import { Heading } from "./heading";
import { LinkButton } from "./link-button";

/**
 * An area's record (an invoice, a support ticket) that does not exist or is not the active
 * customer's: the area's title and an empty state with the way back to its list. The namespace
 * holds `not-found-title`, `not-found-heading`, `not-found` and `detail.back`. Next.js renders an
 * area's not-found page into every page below it (decision 0023), so this stays small.
 */
export async function RecordNotFound({ namespace, area, icon, testId }: { namespace: string; area: `/${string}`; icon: ReactNode; testId: string }) {
  const t = await getTranslations(namespace);
  // The address as asked (with its language prefix), cut back to the area's list.
  const path = (await headers()).get("x-portal-path") ?? area;
  const at = path.indexOf(`${area}/`);
  const list = at >= 0 ? path.slice(0, at + area.length) : area;
  return (
    <Stack gap="lg">
      <Heading order={1}>{t("not-found-title")}</Heading>
      <EmptyState
        icon={icon}
        title={t("not-found-heading")}
        description={t("not-found")}
        titleOrder={2}
        data-testid={testId}
        action={
          <LinkButton href={list} variant="default">
            {t("detail.back")}
          </LinkButton>
        }
      />
    </Stack>
  );
}
