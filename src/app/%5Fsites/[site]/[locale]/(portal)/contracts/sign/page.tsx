import { Anchor, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { LinkButton } from "@/ui/shared/link-button";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { countries, customers } from "@/server/db/schema";
import { availableChannels, mayManage } from "@/server/contracts/contracts";
import { getStartInfo, signablePoints, signableProducts } from "@/server/contracts/signing-start";
import { listBanks, listOperators } from "@/server/reference/reference";
import { hasFeature } from "@/lib/features";
import { centsPerKwhUnit, formatter } from "@/i18n/format";
import { SignForm } from "@/ui/contract-signing/sign-form";
import { EmptyState } from "@/ui/shared/empty-state";
import { KeyValueTable } from "@/ui/shared/key-value-table";
import { FileIcon } from "@/ui/shared/line-icons";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { contractPageContext } from "../_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("contract-signing");
  return { title: t("title") };
}

type Search = Promise<{ point?: string; campaign?: string }>;

/**
 * Signing a new contract: the usage point (?point=), its start information, the products offered
 * (a campaign code, ?campaign=, shows a campaign's too) with their prices and yearly estimate,
 * then the form that hands the contract to the signing provider.
 */
export default async function SignContractPage({ params, searchParams }: { params: Promise<{ site: string; locale: string }>; searchParams: Search }) {
  const ctx = await contractPageContext(params);
  if (!mayManage(ctx.site) || !ctx.customerId || ctx.session.activeCustomer!.role === "representative") notFound();
  const { point: pointId, campaign } = await searchParams;
  const t = await getTranslations("contract-signing");
  const tc = await getTranslations("contracts");
  const f = formatter(ctx.locale, ctx.site.timezone);
  const site = { ...ctx.site, companyName: ctx.site.companyName };
  const points = await signablePoints(site, ctx.customerId);
  const chosen = points.find((p) => p.id === pointId) ?? null;
  const back = (
    <Anchor component={Link} href={ctx.href("/contracts")}>
      {t("back")}
    </Anchor>
  );
  const header = (
    <Stack gap={4}>
      <Title order={1}>{t("title")}</Title>
      <Text c="dimmed">{t("intro")}</Text>
    </Stack>
  );
  if (!points.length) {
    return (
      <Stack gap="lg">
        {header}
        <EmptyState icon={<FileIcon size={28} />} title={t("point.none-title")} description={t("point.none")} titleOrder={2} action={back} data-testid="sign-no-points" />
      </Stack>
    );
  }
  const identifier = (p: (typeof points)[number]) =>
    ctx.site.country === "FI" || !p.eicCode ? t("point.identifier", { kind: "GSRN", value: p.gsrn }) : t("point.identifier", { kind: "EIC", value: p.eicCode });

  if (!chosen) {
    return (
      <Stack gap="lg">
        {header}
        <Stack gap="sm" component="section" aria-labelledby="sign-points-title">
          <Title order={2} size="h3" id="sign-points-title">
            {t("point.legend")}
          </Title>
          {points.map((p) => (
            <Card key={p.id} withBorder padding="md" data-testid="sign-point">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} translate="no">
                    {`${p.street}, ${p.postalCode} ${p.city}`}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {tc(`energy.${p.energyKind}`)} · <span translate="no">{identifier(p)}</span>
                  </Text>
                </Stack>
                {p.eligible ? (
                  <LinkButton href={`${ctx.href("/contracts/sign")}?point=${p.id}`} variant="light" aria-label={`${t("point.choose")}: ${p.street}, ${tc(`energy.${p.energyKind}`)}`}>
                    {t("point.choose")}
                  </LinkButton>
                ) : (
                  <Badge variant="light" color="gray">
                    {t("point.has-contract")}
                  </Badge>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
        <div>{back}</div>
      </Stack>
    );
  }

  const info = await getStartInfo(site, ctx.customerId, chosen.id);
  const code = campaign?.trim().slice(0, 40) || undefined;
  const all = info.eligible ? await signableProducts(ctx.site, ctx.customerId, chosen.id, { campaignCode: code }) : [];
  const products = all.filter((p) => p.productGroup !== "additional");
  const additional = all.filter((p) => p.productGroup === "additional");
  const db = await getDb();
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.siteId, ctx.site.id), eq(customers.id, ctx.customerId)));
  const [country] = await db.select({ name: countries.name, vat: countries.vatRateBasisPoints }).from(countries).where(eq(countries.code, ctx.site.country));
  const channels = availableChannels(ctx.site);
  const price = (c: (typeof products)[number]["priceComponents"][number]) => (c.unit === "c/kWh" ? `${f.number(c.value, "unitPrice")} ${centsPerKwhUnit(ctx.locale)}` : f.money(c.value, "EUR"));
  const supplier = info.currentSupplier
    ? info.currentSupplier.endDate
      ? t("start.supplier-ends", { name: info.currentSupplier.name, product: info.currentSupplier.productName, date: f.date(info.currentSupplier.endDate) })
      : t("start.supplier-ours", { name: info.currentSupplier.name, product: info.currentSupplier.productName })
    : t("start.supplier-unknown");

  return (
    <Stack gap="lg">
      {header}
      <Card withBorder padding="md" data-testid="sign-chosen-point">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              {t("steps.point")}
            </Text>
            <Text fw={600} translate="no">{`${chosen.street}, ${chosen.postalCode} ${chosen.city}`}</Text>
            <Text size="sm" c="dimmed">
              {tc(`energy.${chosen.energyKind}`)} · <span translate="no">{identifier(chosen)}</span>
            </Text>
          </Stack>
          <Anchor component={Link} href={ctx.href("/contracts/sign")}>
            {t("point.change")}
          </Anchor>
        </Group>
      </Card>

      <Stack gap="xs" component="section" aria-labelledby="sign-start-title" data-testid="sign-start-info">
        <Title order={2} size="h3" id="sign-start-title">
          {t("start.title")}
        </Title>
        <KeyValueTable
          aria-label={t("start.title")}
          rows={[
            { key: "earliest", label: t("start.earliest"), value: f.date(info.earliestStartDate) },
            { key: "supplier", label: t("start.supplier"), value: supplier },
            {
              key: "rules",
              label: t("start.rules", { country: country?.name ?? ctx.site.country }),
              value: t("start.rules-text", { days: info.countryRules.switchDays, withdrawal: info.countryRules.withdrawalDays }),
            },
          ]}
        />
      </Stack>

      {!info.eligible ? (
        <EmptyState icon={<FileIcon size={28} />} title={t("point.has-contract")} description={t("start.not-eligible")} titleOrder={2} action={back} data-testid="sign-not-eligible" />
      ) : (
        <>
          <form method="get" action={ctx.href("/contracts/sign")} data-testid="sign-campaign">
            <input type="hidden" name="point" value={chosen.id} />
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput name="campaign" label={t("campaign.label")} description={t("campaign.help")} defaultValue={code ?? ""} maxLength={40} style={{ flex: "1 1 14rem" }} />
              <Button type="submit" variant="default">
                {t("campaign.apply")}
              </Button>
            </Group>
            {code ? (
              <Text size="sm" mt="xs" role="status">
                {t("campaign.applied", { code })}
              </Text>
            ) : null}
          </form>
          {products.length ? (
            <SignForm
              pointId={chosen.id}
              estonia={ctx.site.country === "EE" && chosen.eicCode ? { eicCode: chosen.eicCode } : null}
              products={products.map((p) => ({
                id: p.id,
                name: p.name,
                termMonths: p.termMonths,
                card: (
                  <Stack gap={6}>
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <Text fw={700}>{p.name}</Text>
                      <Text size="sm" c="dimmed">
                        {p.termMonths ? t("product.term", { months: p.termMonths }) : t("product.termless")}
                      </Text>
                    </Group>
                    {p.description ? <Text size="sm">{p.description}</Text> : null}
                    <Text size="sm" c="dimmed">
                      {tc(`price-models.${p.priceModel}`)} · {t("product.prices")}
                    </Text>
                    <Group gap="md" wrap="wrap">
                      {p.priceComponents.map((c) => (
                        <Text key={c.type} size="sm">
                          {tc(`components.${c.type}`)}: <span style={{ fontVariantNumeric: "tabular-nums" }}>{price(c)}</span>
                        </Text>
                      ))}
                    </Group>
                    <Text fw={600} data-testid="sign-estimate">
                      {t("product.estimate", { amount: f.money(p.estimate.cents, "EUR"), vat: f.money(p.estimate.centsWithVat, "EUR") })}
                    </Text>
                    <Text size="xs" c="dimmed" data-testid="sign-estimate-source" data-source={p.estimate.source}>
                      {p.estimate.source === "readings"
                        ? t("product.estimate-readings", { kwh: f.number(p.estimate.kwh, "quantity") })
                        : t("product.estimate-typical", { kwh: f.number(p.estimate.kwh, "quantity") })}
                    </Text>
                  </Stack>
                ),
              }))}
              additionalProducts={additional.map((p) => ({ id: p.id, name: p.name }))}
              campaignCode={code ?? null}
              window={{ minDate: info.earliestStartDate, maxDate: info.latestStartDate }}
              channels={channels}
              operators={channels.includes("OVT") ? (await listOperators(ctx.site.country)).map((o) => ({ code: o.code, name: o.name })) : []}
              banks={channels.includes("EInvoiceRequest") ? (await listBanks(ctx.site.country, "E_INVOICE")).map((b) => ({ bic: b.bic, name: b.name })) : []}
              defaults={{ email: customer?.email ?? "", street: customer?.street ?? "", postalCode: customer?.postalCode ?? "", city: customer?.city ?? "" }}
              options={{
                additionalProduct: hasFeature(ctx.site, "contracts.signing.additional-product"),
                eInvoice: hasFeature(ctx.site, "contracts.signing.e-invoice"),
                emailInvoice: hasFeature(ctx.site, "contracts.signing.email-invoice"),
                ownGridProducts: hasFeature(ctx.site, "contracts.signing.own-grid-products"),
                termChanges: hasFeature(ctx.site, "contracts.signing.term-changes"),
                coOwner: !hasFeature(ctx.site, "contracts.signing.co-owner-disabled"),
              }}
              legal={customer?.kind === "legal"}
              locale={ctx.locale}
              cancelHref={ctx.href("/contracts")}
            />
          ) : (
            <EmptyState icon={<FileIcon size={28} />} title={t("product.legend")} description={t("product.none")} titleOrder={2} action={back} data-testid="sign-no-products" />
          )}
        </>
      )}
    </Stack>
  );
}
