import { Card, Divider } from "@mantine/core";
import { Group, Stack, Text } from "@/ui/shared/plain";
import { Heading } from "@/ui/shared/heading";
import { getTranslations } from "next-intl/server";
import type { Contract } from "@/api/schemas/contracts";
import type { ContractDocument } from "@/api/schemas/contract-documents";
import { formatter } from "@/i18n/format";
import { ContractStatusBadge } from "./status-badge";
import { ContractDocuments } from "./contract-documents";

/**
 * The contract a page is about, in brief: product, number, usage point and term, the additional
 * product chosen with it, and (on the contract's own page) its documents.
 */
export async function ContractSummaryCard({
  contract,
  locale,
  documents,
}: {
  contract: Contract;
  locale: string;
  /** The contract's documents and whether the person may add one; shown when given. */
  documents?: { list: ContractDocument[]; upload: "allowed" | "representative" | "off"; maxBytes: number };
}) {
  const t = await getTranslations("contracts");
  const td = await getTranslations("contract-documents");
  const f = formatter(locale);
  const p = contract.usagePoint;
  return (
    <Card withBorder padding="md" data-testid="contract-summary">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Text fw={700}>{contract.productName}</Text>
          <Text size="sm" c="dimmed">
            {t(`types.${contract.type}`)} · {contract.contractNumber}
          </Text>
          <Text size="sm">
            {t(`energy.${p.energyKind}`)} · {p.street}, {p.postalCode} {p.city}
          </Text>
          <Text size="sm">
            {t("detail.start")}: {f.date(contract.startDate)}
          </Text>
          {contract.additionalProduct ? (
            <Text size="sm" data-testid="contract-additional-product">
              {td("additional-product")}: <span translate="no">{contract.additionalProduct.name}</span>
            </Text>
          ) : null}
        </Stack>
        <ContractStatusBadge status={contract.status} label={t(`status.${contract.status}`)} />
      </Group>
      {documents ? (
        <>
          <Divider my="md" />
          <Stack gap="xs" component="section" aria-labelledby={`documents-${contract.id}`}>
            <Heading order={2} size="h4" id={`documents-${contract.id}`}>
              {td("title")}
            </Heading>
            <Text size="sm" c="dimmed">
              {td("intro")}
            </Text>
            <ContractDocuments
              contractId={contract.id}
              contractNumber={contract.contractNumber}
              pdfHref={`/api/contracts/${contract.id}/download?locale=${encodeURIComponent(locale)}`}
              documents={documents.list}
              upload={documents.upload}
              maxBytes={documents.maxBytes}
              locale={locale}
            />
          </Stack>
        </>
      ) : null}
    </Card>
  );
}
