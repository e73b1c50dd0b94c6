import { LinkButton } from "@/ui/shared/link-button";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { requireAreaPage } from "@/server/web/page-context";
import { listInbox } from "@/server/notifications/inbox";
import { localePath } from "@/lib/locales";
import { EmptyState } from "@/ui/shared/empty-state";
import { InboxList } from "@/ui/notifications/lazy";
import { Heading } from "@/ui/shared/heading";
import { Group, rem, Stack, Text } from "@/ui/shared/plain";

type Params = Promise<{ site: string; locale: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata() {
  const t = await getTranslations("notifications-pages.inbox");
  return { title: t("title") };
}

/** The inbox (spec §2 /inbox, area `inbox`): every message the portal sent the customer, newest first. */
export default async function InboxPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const { site, session } = await requireAreaPage(siteId, locale, "inbox");
  const t = await getTranslations("notifications-pages.inbox");
  const q = await searchParams;
  const archived = (Array.isArray(q.archived) ? q.archived[0] : q.archived) === "true";
  const customer = session.activeCustomer;
  if (!customer) {
    return (
      <Stack gap="lg">
        <Heading order={1}>{t("title")}</Heading>
        <EmptyState title={t("empty-title")} description={t("no-customer")} />
      </Stack>
    );
  }
  const { messages, unread } = await listInbox(site, customer.id, { locale, archived });
  const hrefOf = Object.fromEntries([...new Set(messages.map((m) => m.link).filter((l): l is string => !!l))].map((l) => [l, localePath(site, locale, l)]));
  const base = localePath(site, locale, "/inbox");
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Heading order={1}>{archived ? t("archived-title") : t("title")}</Heading>
          <Text c="dimmed" style={{ marginTop: rem(4) }} data-testid="inbox-unread-count">
            {t("unread-count", { count: unread })}
          </Text>
        </div>
        <LinkButton href={archived ? base : `${base}?archived=true`} variant="default">
          {archived ? t("show-inbox") : t("show-archived")}
        </LinkButton>
      </Group>
      <InboxList messages={messages} archived={archived} timeZone={site.timezone} hrefOf={hrefOf} />
    </Stack>
  );
}
