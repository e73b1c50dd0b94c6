import { Anchor, Badge, Code, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { desc, eq } from "drizzle-orm";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { devToolsEnabled } from "@/lib/env";
import { getDb } from "@/server/db/client";
import { outboundMail } from "@/server/db/schema";
import { getPageSite } from "@/server/web/page-context";

export const dynamic = "force-dynamic";

/** Development mailbox: the mails the portal sent while no SMTP server is configured. Off in production. */
export default async function DevMailboxPage({ params }: { params: Promise<{ site: string; locale: string }> }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  if (!devToolsEnabled()) notFound();
  const site = await getPageSite(siteId);
  const t = await getTranslations("dev");
  const db = await getDb();
  const mails = await db.select().from(outboundMail).where(eq(outboundMail.siteId, site.id)).orderBy(desc(outboundMail.createdAt)).limit(50);
  return (
    <Stack p="md" maw={900} mx="auto" component="main" id="main">
      <Title order={1}>{t("mailbox.title", { company: site.companyName })}</Title>
      <Text size="sm">{t("mailbox.intro")}</Text>
      {mails.length === 0 ? <Text>{t("mailbox.empty")}</Text> : null}
      {mails.map((m) => {
        const links = m.text.match(/https?:\/\/\S+/g) ?? [];
        return (
          <Paper key={m.id} withBorder p="md" data-testid="mail">
            <Group justify="space-between">
              <Text fw={600}>{m.subject}</Text>
              <Badge variant="light">{m.transport}</Badge>
            </Group>
            <Text size="sm">
              {t("mailbox.to")}: {m.to} · {m.createdAt.toISOString()}
            </Text>
            {links.map((l) => (
              <Anchor key={l} href={l} size="sm" display="block" data-testid="mail-link">
                {t("mailbox.open-link")}
              </Anchor>
            ))}
            {/* Wrapped, so a long link does not make a scroll area a keyboard cannot reach. */}
            <Code block mt="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {m.text}
            </Code>
          </Paper>
        );
      })}
    </Stack>
  );
}
