import { Button } from "@mantine/core";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { getTranslations } from "next-intl/server";
import { InvoiceEmptyState } from "./empty";

/** A signed-in person without a customer account to act for. */
export async function NoCustomerNotice({ homeHref }: { homeHref: string }) {
  const t = await getTranslations("invoice-pages");
  return (
    <InvoiceEmptyState
      testId="invoices-no-customer"
      title={t("no-customer-title")}
      description={t("no-customer")}
      action={
        <Button component={Link} href={homeHref} variant="default">
          {t("back-home")}
        </Button>
      }
    />
  );
}
