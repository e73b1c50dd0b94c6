import { Button, Stack, Title } from "@mantine/core";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import { InvoiceEmptyState } from "@/ui/invoices/empty";

/** An invoice number that is not the active customer's (or does not exist). */
export default async function InvoiceNotFound() {
  const t = await getTranslations("invoice-pages");
  const path = (await headers()).get("x-portal-path") ?? "/invoices";
  const list = path.replace(/\/invoices\/.*$/, "/invoices");
  return (
    <Stack gap="lg">
      <Title order={1}>{t("not-found-title")}</Title>
      <InvoiceEmptyState
        testId="invoice-not-found"
        title={t("not-found-heading")}
        description={t("not-found")}
        action={
          <Button component={Link} href={list} variant="default">
            {t("detail.back")}
          </Button>
        }
      />
    </Stack>
  );
}
