import { getTranslations } from "next-intl/server";
import { NoCustomerView } from "./no-customer-view";

/**
 * An energy page (dashboard, charts) for a signed-in person with no customer account to act
 * for, drawn on the server. The texts are the area's own (`title`, `no-customer-title`,
 * `no-customer`, `to-home`).
 */
export async function NoCustomerPage({ namespace, homeHref }: { namespace: "dashboard" | "charts"; homeHref: string }) {
  const t = await getTranslations(namespace);
  return <NoCustomerView homeHref={homeHref} texts={{ title: t("title"), noCustomerTitle: t("no-customer-title"), noCustomer: t("no-customer"), toHome: t("to-home") }} />;
}
