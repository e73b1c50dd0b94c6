import { Alert, Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { getPageSite } from "@/server/web/page-context";
import { localePath } from "@/lib/locales";
import { isPendingState, listSandboxIdentities } from "@/server/auth/sandbox-broker";
import { sandboxProvidersAllowed } from "@/lib/env";
import { SandboxIdentityPicker } from "@/ui/auth/sandbox-identity-picker";
import { approveSandboxIdentity } from "./actions";

/** The sandbox e-identification provider's own page: pick a test person, confirm, go back. */
export default async function SandboxEidPage({ params, searchParams }: { params: Promise<{ site: string; locale: string }>; searchParams: Promise<{ state?: string }> }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const { state } = await searchParams;
  const site = await getPageSite(siteId);
  if (!site.auth.sandboxEid || !sandboxProvidersAllowed()) notFound();
  const t = await getTranslations("sandbox");
  const valid = state ? await isPendingState(state) : false;
  const identities = valid ? await listSandboxIdentities(site.id) : [];
  return (
    <Paper shadow="md" p="xl" maw={620} mx="auto" mt="xl" withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            {t("title")}
          </Title>
          <Badge variant="default">{t("test-environment")}</Badge>
        </Group>
        <Text size="sm">{t("intro", { company: site.companyName })}</Text>
        {!valid ? (
          <Alert color="red" role="alert">
            {t("expired")}
          </Alert>
        ) : (
          <SandboxIdentityPicker
            approve={approveSandboxIdentity}
            siteId={site.id}
            state={state!}
            country={site.country}
            confirmPath={localePath(site, locale, "/auth/sandbox-eid/confirm")}
            identities={identities.map((i) => ({ id: i.id, name: i.name, ssn: i.ssn, persona: i.description }))}
            cancelHref={`/api/auth/sandbox-eid/callback?state=${encodeURIComponent(state!)}&error=access_denied`}
          />
        )}
      </Stack>
    </Paper>
  );
}
