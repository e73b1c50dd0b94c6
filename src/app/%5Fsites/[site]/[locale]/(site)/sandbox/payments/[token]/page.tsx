import { Alert, Anchor, Badge, Box, DataList, Group, Paper, Stack, Text, Title, DataListItem, DataListItemLabel, DataListItemValue } from "@mantine/core";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { getPageSite } from "@/server/web/page-context";
import { getSandboxPayment } from "@/server/providers/payments/sandbox";
import { formatReference } from "@/lib/invoices/reference-number";
import { listBanks } from "@/server/reference/reference";
import { sandboxProvidersAllowed } from "@/lib/env";
import { formatter } from "@/i18n/format";
import { SandboxPaymentForm } from "@/ui/invoices/sandbox-payment-form";
import { ReturnToMerchant } from "@/ui/shared/return-to-merchant";
import { decideSandboxPaymentAction } from "./actions";
import { SandboxPayLogo } from "@/ui/invoices/sandbox-pay-logo";

export async function generateMetadata() {
  const t = await getTranslations("invoice-pages.sandbox");
  return { title: { absolute: t("brand") } };
}

/**
 * The sandbox payment provider's own page, as a bank-link or card provider shows it: who is paid,
 * how much, with which payment reference and message; then approve, decline or leave the payment
 * pending. The way back is the merchant's address as given.
 */
export default async function SandboxPaymentPage({ params }: { params: Promise<{ site: string; locale: string; token: string }> }) {
  const { site: siteId, locale, token } = await params;
  setRequestLocale(locale);
  const site = await getPageSite(siteId);
  if (!sandboxProvidersAllowed()) notFound();
  const t = await getTranslations("invoice-pages.sandbox");
  const payment = await getSandboxPayment(token, { siteId: site.id });
  const banks = payment?.method === "bank" ? (await listBanks(site.country, "BANK_LINK")).map((b) => ({ bic: b.bic, name: b.name })) : [];
  const back = payment?.returnUrl ?? null;
  const f = formatter(locale, site.timezone);

  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <Box component="header" bg="#1f2937" c="#ffffff" py="sm" px="md">
        <Group justify="space-between" maw={760} mx="auto" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <SandboxPayLogo />
            <Text fw={800} fz="lg" c="#ffffff">
              {t("brand")}
            </Text>
          </Group>
          <Badge variant="outline" radius="sm" styles={{ root: { color: "#ffffff", borderColor: "#fbbf24", textTransform: "none" } }} data-testid="sandbox-badge">
            {t("test-environment")}
          </Badge>
        </Group>
      </Box>
      <Box component="main" id="main" px="md" py="xl">
        <Paper withBorder shadow="sm" radius="md" p={{ base: "lg", sm: "xl" }} maw={560} mx="auto" data-testid="sandbox-payment">
          {!payment ? (
            <Stack>
              <Title order={1} size="h2">
                {t("not-found-title")}
              </Title>
              <Text>{t("not-found")}</Text>
            </Stack>
          ) : (
            <Stack gap="lg">
              <Stack gap={4}>
                <Text size="sm" c="dimmed">
                  {payment.method === "card" ? t("card-payment") : t("bank-payment")}
                </Text>
                <Title order={1} size="h2">
                  {t("title", { merchant: payment.merchantName })}
                </Title>
              </Stack>
              <Text fz={34} fw={800} data-testid="sandbox-amount" style={{ fontVariantNumeric: "tabular-nums" }}>
                {f.money(payment.amountCents, payment.currency)}
              </Text>
              <DataList labelWidth="9rem" withDivider>
                <DataListItem>
                  <DataListItemLabel>{t("merchant")}</DataListItemLabel>
                  <DataListItemValue>{payment.merchantName}</DataListItemValue>
                </DataListItem>
                <DataListItem>
                  <DataListItemLabel>{t("amount")}</DataListItemLabel>
                  <DataListItemValue style={{ fontVariantNumeric: "tabular-nums" }}>{f.money(payment.amountCents, payment.currency)}</DataListItemValue>
                </DataListItem>
                {payment.reference ? (
                  <DataListItem>
                    <DataListItemLabel>{t("reference")}</DataListItemLabel>
                    <DataListItemValue data-testid="sandbox-reference" style={{ fontVariantNumeric: "tabular-nums" }}>
                      {formatReference(payment.reference)}
                    </DataListItemValue>
                  </DataListItem>
                ) : null}
                <DataListItem>
                  <DataListItemLabel>{t("message")}</DataListItemLabel>
                  <DataListItemValue data-testid="sandbox-message">{payment.description}</DataListItemValue>
                </DataListItem>
                <DataListItem>
                  <DataListItemLabel>{t("valid-until")}</DataListItemLabel>
                  <DataListItemValue>{f.dateTime(payment.expiresAt)}</DataListItemValue>
                </DataListItem>
              </DataList>
              {payment.state === "expired" ? (
                <Alert color="gray" variant="outline" role="alert" title={t("expired-title")}>
                  <Text size="sm">{t("expired")}</Text>
                </Alert>
              ) : payment.decided ? (
                <Alert color="gray" variant="outline" role="alert" title={t("decided-title")}>
                  <Text size="sm">{t("decided")}</Text>
                </Alert>
              ) : (
                <SandboxPaymentForm decide={decideSandboxPaymentAction} token={payment.token} method={payment.method} banks={banks} bankBic={payment.bankBic} />
              )}
              {back && payment.decided ? (
                <>
                  {/* A choice posted before the page was hydrated lands here: back to the merchant, as after any choice. */}
                  {payment.state !== "expired" ? <ReturnToMerchant to={back} /> : null}
                  <Anchor href={back} size="sm">
                    {t("return", { merchant: payment.merchantName })}
                  </Anchor>
                </>
              ) : null}
              <Text size="xs" c="dimmed">
                {t("disclaimer")}
              </Text>
            </Stack>
          )}
        </Paper>
      </Box>
    </Box>
  );
}
