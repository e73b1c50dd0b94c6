import { Paper, Stack, Text, Title } from "@mantine/core";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { getPageSite } from "@/server/web/page-context";
import { sandboxProvidersAllowed } from "@/lib/env";
import { SandboxConfirm } from "@/ui/auth/sandbox-confirm";

/** Like Smart-ID or Mobile-ID: the control code to compare, a moment to confirm, then back to the portal. */
export default async function SandboxConfirmPage({ params, searchParams }: { params: Promise<{ site: string; locale: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const q = await searchParams;
  const site = await getPageSite(siteId);
  if (!site.auth.sandboxEid || !sandboxProvidersAllowed() || !q.state || !q.code) notFound();
  const t = await getTranslations("sandbox");
  const method = ["smart-id", "mobile-id", "bank"].includes(q.method ?? "") ? q.method! : "smart-id";
  const next = `/api/auth/sandbox-eid/callback?state=${encodeURIComponent(q.state)}&code=${encodeURIComponent(q.code)}`;
  const cancel = `/api/auth/sandbox-eid/callback?state=${encodeURIComponent(q.state)}&error=access_denied`;
  return (
    <Paper shadow="md" p="xl" maw={460} mx="auto" mt="xl" withBorder>
      <Stack align="center">
        <Title order={1} size="h3">
          {t(`confirm.${method}` as never)}
        </Title>
        <Text>{t("confirm.control-code")}</Text>
        <Text fz={40} fw={700} ff="monospace" data-testid="control-code">
          {(q.control ?? "0000").slice(0, 4)}
        </Text>
        <SandboxConfirm next={next} cancel={cancel} />
      </Stack>
    </Paper>
  );
}
