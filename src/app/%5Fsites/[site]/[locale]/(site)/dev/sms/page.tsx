import { Anchor, Code, Paper, Stack, Text, Title } from "@mantine/core";
import { desc, eq } from "drizzle-orm";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { devToolsEnabled } from "@/lib/env";
import { localePath } from "@/lib/locales";
import { getDb } from "@/server/db/client";
import { smsMessages } from "@/server/db/schema";
import { getPageSite } from "@/server/web/page-context";

export const dynamic = "force-dynamic";

/** Development SMS inbox: the text messages the SMS port's sandbox kept while no gateway is configured. Off in production, as the mailbox. */
export default async function DevSmsPage({ params }: { params: Promise<{ site: string; locale: string }> }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  if (!devToolsEnabled()) notFound();
  const site = await getPageSite(siteId);
  const t = await getTranslations("notifications-pages.dev-sms");
  const db = await getDb();
  const messages = await db.select().from(smsMessages).where(eq(smsMessages.siteId, site.id)).orderBy(desc(smsMessages.createdAt), desc(smsMessages.id)).limit(50);
  return (
    <Stack p="md" maw={900} mx="auto" component="main" id="main">
      <Title order={1}>{t("title", { company: site.companyName })}</Title>
      <Text size="sm">{t("intro")}</Text>
      <Anchor href={localePath(site, locale, "/dev/mailbox")} size="sm">
        {t("mailbox")}
      </Anchor>
      {messages.length === 0 ? <Text>{t("empty")}</Text> : null}
      {messages.map((m) => {
        const links = m.text.match(/https?:\/\/\S+/g) ?? [];
        return (
          <Paper key={m.id} withBorder p="md" data-testid="sms">
            <Text size="sm">
              {t("to")}: <span translate="no">{m.to}</span> · <time dateTime={m.createdAt.toISOString()}>{m.createdAt.toISOString()}</time>
            </Text>
            {links.map((l) => (
              <Anchor key={l} href={l} size="sm" display="block" data-testid="sms-link">
                {t("open-link")}
              </Anchor>
            ))}
            <Code block mt="sm" translate="no" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {m.text}
            </Code>
          </Paper>
        );
      })}
    </Stack>
  );
}
