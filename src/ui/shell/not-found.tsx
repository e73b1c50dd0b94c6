import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import { ClientLink as Link } from "./client-link";

/** What an unknown address, a foreign id or a language the site does not offer shows: what happened and the way home. */
export async function NotFoundContent({ homeHref }: { homeHref: string }) {
  const t = await getTranslations("nav.not-found");
  return (
    <Paper withBorder p="xl" maw={640} mx="auto" my="xl" data-testid="not-found">
      <Stack gap="md" align="flex-start">
        <Title order={1} size="h2">
          {t("title")}
        </Title>
        <Text>{t("description")}</Text>
        <Button component={Link} href={homeHref} data-testid="not-found-home">
          {t("home")}
        </Button>
      </Stack>
    </Paper>
  );
}
