import { Group, Stack, Text } from "@/ui/shared/plain";
import { LinkButton } from "@/ui/shared/link-button";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { requireAreaPage } from "@/server/web/page-context";
import { localePath } from "@/lib/locales";
import { availableChannels, listContracts, mayManage } from "@/server/contracts/contracts";
import { listBanks, listOperators } from "@/server/reference/reference";
import { ContractList } from "@/ui/contracts/contract-list";
import { EmptyState } from "@/ui/shared/empty-state";
import { FileIcon } from "@/ui/shared/line-icons";
import { Heading } from "@/ui/shared/heading";

type RouteParams = Promise<{ site: string; locale: string }>;

export async function generateMetadata() {
  const t = await getTranslations("contracts-pages.list");
  return { title: t("title") };
}

export default async function ContractsPage({ params }: { params: RouteParams }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const { site, session } = await requireAreaPage(siteId, locale, "contracts");
  const t = await getTranslations("contracts-pages.list");
  const tSign = await getTranslations("contract-signing");
  const customerId = session.activeCustomer?.id ?? null;
  if (!customerId) {
    return (
      <Stack gap="lg">
        <Heading order={1}>{t("title")}</Heading>
        <EmptyState icon={<FileIcon size={28} />} title={t("no-customer-title")} description={t("no-customer")} titleOrder={2} data-testid="contracts-no-customer" />
      </Stack>
    );
  }
  const contracts = await listContracts(site, customerId);
  // Representatives read contracts; the owner and customer service change them (src/server/contracts).
  const manages = mayManage(site) && session.activeCustomer!.role !== "representative";
  const choices = manages
    ? {
        available: availableChannels(site),
        operators: (await listOperators(site.country)).map((o) => ({ code: o.code, name: o.name })),
        banks: (await listBanks(site.country, "E_INVOICE")).map((b) => ({ bic: b.bic, name: b.name })),
      }
    : null;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4}>
          <Heading order={1}>{t("title")}</Heading>
          <Text c="dimmed">{t("intro")}</Text>
        </Stack>
        {manages ? (
          <LinkButton href={localePath(site, locale, "/contracts/sign")} data-testid="contracts-sign-new">
            {tSign("entry")}
          </LinkButton>
        ) : null}
      </Group>
      {contracts.length ? (
        <ContractList
          contracts={contracts}
          locale={locale}
          choices={choices}
          flowHref={manages ? (id, flow) => localePath(site, locale, `/contracts/${id}/${flow}`) : null}
          documentsHref={(id) => localePath(site, locale, `/contracts/${id}`)}
        />
      ) : (
        <EmptyState icon={<FileIcon size={28} />} title={t("empty-title")} description={t("empty")} titleOrder={2} data-testid="contracts-empty" />
      )}
    </Stack>
  );
}
