import { Alert, Anchor, Badge, Box, DataList, DataListItem, DataListItemLabel, DataListItemValue, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { getPageSite } from "@/server/web/page-context";
import { getSandboxSigning } from "@/server/providers/signing/sandbox";
import { sandboxProvidersAllowed } from "@/lib/env";
import { formatter } from "@/i18n/format";
import { SandboxSigningForm } from "@/ui/contract-signing/sandbox-signing-form";
import { ReturnToMerchant } from "@/ui/shared/return-to-merchant";
import { decideSandboxSigningAction } from "./actions";

/** The sandbox provider's name: a brand, not translated. */
const BRAND = "Sandbox Sign";

export function generateMetadata() {
  return { title: { absolute: BRAND } };
}

/**
 * The sandbox signing provider's own page, as a document-signing gateway shows it: the document,
 * the signer, the control code to compare with the e-ID app, then sign or decline. A signing left
 * here past its deadline expires. The way back is the address the portal gave.
 */
export default async function SandboxSigningPage({ params }: { params: Promise<{ site: string; locale: string; token: string }> }) {
  const { site: siteId, locale, token } = await params;
  setRequestLocale(locale);
  const site = await getPageSite(siteId);
  if (!sandboxProvidersAllowed()) notFound();
  const t = await getTranslations("contract-signing.sandbox");
  const signing = await getSandboxSigning(token, site.id);
  const f = formatter(locale, site.timezone);

  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <Box component="header" bg="#1e3a5f" py="sm" px="md">
        <Group justify="space-between" maw={760} mx="auto" wrap="nowrap">
          <Text fw={800} fz="lg" c="#ffffff" translate="no">
            {BRAND}
          </Text>
          <Badge variant="outline" radius="sm" styles={{ root: { color: "#ffffff", borderColor: "#fbbf24", textTransform: "none" } }}>
            {t("test-environment")}
          </Badge>
        </Group>
      </Box>
      <Box component="main" id="main" px="md" py="xl">
        <Paper withBorder shadow="sm" radius="md" p={{ base: "lg", sm: "xl" }} maw={560} mx="auto" data-testid="sandbox-signing">
          {!signing ? (
            <Stack>
              <Title order={1} size="h2">
                {t("not-found-title")}
              </Title>
              <Text>{t("not-found")}</Text>
            </Stack>
          ) : (
            <Stack gap="lg">
              <Stack gap={4}>
                <Title order={1} size="h2">
                  {t("title")}
                </Title>
                <Text size="sm">{t("intro", { company: site.companyName })}</Text>
              </Stack>
              <DataList labelWidth="9rem" withDivider>
                <DataListItem>
                  <DataListItemLabel>{t("document")}</DataListItemLabel>
                  <DataListItemValue translate="no" style={{ overflowWrap: "anywhere" }}>
                    {signing.filename}
                  </DataListItemValue>
                </DataListItem>
                <DataListItem>
                  <DataListItemLabel>{t("signer")}</DataListItemLabel>
                  <DataListItemValue translate="no">{signing.signerName}</DataListItemValue>
                </DataListItem>
                <DataListItem>
                  <DataListItemLabel>{t("valid-until")}</DataListItemLabel>
                  <DataListItemValue>{f.dateTime(signing.expiresAt.toISOString())}</DataListItemValue>
                </DataListItem>
              </DataList>
              {signing.state === "expired" ? (
                <Alert color="gray" variant="outline" role="alert" title={t("expired-title")}>
                  <Text size="sm">{t("expired")}</Text>
                </Alert>
              ) : signing.state !== "pending" ? (
                <Alert color="gray" variant="outline" role="alert" title={t("decided-title")}>
                  <Text size="sm">{t("decided")}</Text>
                </Alert>
              ) : (
                <>
                  <Stack gap={4} align="center">
                    <Text ta="center">{t("control-code")}</Text>
                    <Text fz={40} fw={700} ff="monospace" data-testid="sandbox-signing-code" translate="no">
                      {signing.controlCode}
                    </Text>
                  </Stack>
                  <SandboxSigningForm decide={decideSandboxSigningAction} token={signing.token} />
                </>
              )}
              {signing.state !== "pending" ? (
                <>
                  {/* A choice posted before the page was hydrated lands here: back to the portal, as after any choice. */}
                  {signing.state !== "expired" ? <ReturnToMerchant to={signing.returnUrl} /> : null}
                  <Anchor href={signing.returnUrl} size="sm">
                    {t("return", { company: site.companyName })}
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
