import { getTranslations } from "next-intl/server";
import { LinkButton } from "@/ui/shared/link-button";
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
        <LinkButton href={homeHref} variant="default">
          {t("back-home")}
        </LinkButton>
      }
    />
  );
}
