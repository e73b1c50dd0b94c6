import { Card, Group, Stack, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Contract } from "@/api/schemas/contracts";
import { formatter } from "@/i18n/format";
import { ContractStatusBadge } from "./status-badge";

/** The contract a flow is about, in brief: product, number, usage point and term. */
export async function ContractSummaryCard({ contract, locale }: { contract: Contract; locale: string }) {
  const t = await getTranslations("contracts");
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
        </Stack>
        <ContractStatusBadge status={contract.status} label={t(`status.${contract.status}`)} />
      </Group>
    </Card>
  );
}
