import { Button, Stack, Text, Title } from "@mantine/core";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { formatter } from "@/i18n/format";
import { KeyValueTable } from "@/ui/shared/key-value-table";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { contractPageContext, loadContract, type ContractRouteParams } from "../../../_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("contracts-pages.move-out-confirmation");
  return { title: t("title") };
}

/** After a move-out: what was agreed (the contract's end, where the final invoice goes, the reading). */
export default async function MoveOutConfirmationPage({ params }: { params: ContractRouteParams }) {
  const ctx = await contractPageContext(params);
  const { contractId } = await params;
  const contract = await loadContract(ctx, contractId);
  if (!contract.moveOut || !contract.endDate) redirect(ctx.href("/contracts"));
  const t = await getTranslations("contracts-pages.move-out-confirmation");
  const tInv = await getTranslations("invoices");
  const f = formatter(ctx.locale);
  const a = contract.moveOut.finalInvoiceAddress;
  return (
    <Stack gap="lg" data-testid="move-out-confirmation">
      <Title order={1}>{t("title")}</Title>
      <Text>{t("intro", { product: contract.productName, date: f.date(contract.endDate) })}</Text>
      <KeyValueTable
        aria-label={t("summary")}
        rows={[
          { key: "number", label: t("number"), value: contract.contractNumber },
          { key: "address", label: t("usage-point"), value: `${contract.usagePoint.street}, ${contract.usagePoint.postalCode} ${contract.usagePoint.city}` },
          { key: "end", label: t("end-date"), value: f.date(contract.endDate) },
          ...(a ? [{ key: "invoice", label: t("final-invoice"), value: `${a.street}, ${a.postalCode} ${a.city}` }] : []),
          ...(contract.moveOut.readingKwh !== null ? [{ key: "reading", label: t("reading"), value: `${f.number(contract.moveOut.readingKwh, "quantity")} ${tInv("units.kWh")}` }] : []),
        ]}
      />
      <Text size="sm" c="dimmed">
        {t("next")}
      </Text>
      <div>
        <Button component={Link} href={ctx.href("/contracts")}>
          {t("back")}
        </Button>
      </div>
    </Stack>
  );
}
