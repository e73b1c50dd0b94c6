import { Button, Stack, Title } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { SupportEmptyState } from "@/ui/support/empty";

/** A ticket id that is not the active customer's (or does not exist). */
export default async function TicketNotFound() {
  const t = await getTranslations("support-pages");
  const path = (await headers()).get("x-portal-path") ?? "/support";
  const list = path.replace(/\/support\/.*$/, "/support");
  return (
    <Stack gap="lg">
      <Title order={1}>{t("not-found-title")}</Title>
      <SupportEmptyState
        testId="ticket-not-found"
        title={t("not-found-heading")}
        description={t("not-found")}
        action={
          <Button component={Link} href={list} variant="default">
            {t("detail.back")}
          </Button>
        }
      />
    </Stack>
  );
}
