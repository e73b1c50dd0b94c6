import { Anchor, Stack } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { EmptyState } from "@/ui/shared/empty-state";
import { Heading } from "@/ui/shared/heading";

/**
 * An energy page (dashboard, charts) for a signed-in person with no customer account to act
 * for: the page's title, why there is nothing to show, and the way home. The texts are the
 * area's own (`title`, `no-customer-title`, `no-customer`, `to-home`).
 */
export async function NoCustomerPage({ namespace, homeHref }: { namespace: "dashboard" | "charts"; homeHref: string }) {
  const t = await getTranslations(namespace);
  return (
    <Stack gap="lg">
      <Heading order={1}>{t("title")}</Heading>
      <EmptyState
        titleOrder={2}
        title={t("no-customer-title")}
        description={t("no-customer")}
        action={
          <Anchor component={Link} href={homeHref}>
            {t("to-home")}
          </Anchor>
        }
      />
    </Stack>
  );
}
