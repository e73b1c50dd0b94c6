import { Group, Stack, Text } from "@/ui/shared/plain";
import { Anchor } from "@/ui/shared/plain-anchor";
import { LinkButton } from "@/ui/shared/link-button";
import { getTranslations } from "next-intl/server";
import type { Contract } from "@/api/schemas/contracts";
import { centsPerKwhUnit, formatter } from "@/i18n/format";
import { KeyValueTable } from "@/ui/shared/key-value-table";
import { DownloadIcon } from "@/ui/shared/line-icons";
import { ContractStatusBadge } from "./status-badge";
import { channelTarget } from "./channel-text";
import type { ChannelChoices } from "./billing-channel-button";
import { BillingChannelButton } from "./lazy";
import { Heading } from "@/ui/shared/heading";
import panels from "@/ui/shared/panels.module.css";

interface Group {
  locationId: string;
  address: string;
  points: { id: string; energyKind: Contract["usagePoint"]["energyKind"]; gsrn: string; contracts: Contract[] }[];
}

function groups(contracts: Contract[]): Group[] {
  const out: Group[] = [];
  for (const c of contracts) {
    const p = c.usagePoint;
    let g = out.find((x) => x.locationId === p.locationId);
    if (!g) out.push((g = { locationId: p.locationId, address: `${p.street}, ${p.postalCode} ${p.city}`, points: [] }));
    let point = g.points.find((x) => x.id === p.id);
    if (!point) g.points.push((point = { id: p.id, energyKind: p.energyKind, gsrn: p.gsrn, contracts: [] }));
    point.contracts.push(c);
  }
  return out;
}

/**
 * The customer's contracts by address (h2) and usage point (h3), each contract a card with its
 * status, product, term, prices, invoice delivery and documents.
 */
export async function ContractList({
  contracts,
  locale,
  choices,
  flowHref,
  documentsHref,
}: {
  contracts: Contract[];
  locale: string;
  /** What a billing channel may be changed to; null when the person may not change contracts. */
  choices: ChannelChoices | null;
  /** The page of a flow for a contract; null when the person may not change contracts. */
  flowHref: ((contractId: string, flow: "move-out" | "offer") => string) | null;
  /** The contract's own page with its documents. */
  documentsHref?: (contractId: string) => string;
}) {
  const t = await getTranslations("contracts");
  const tp = await getTranslations("contracts-pages.list");
  const td = await getTranslations("contract-documents");
  const f = formatter(locale);
  const price = (c: Contract["priceComponents"][number], currency: string) =>
    c.unit === "c/kWh"
      ? `${f.number(c.value, "unitPrice")} ${centsPerKwhUnit(locale)}`
      : c.unit === "cents/month"
        ? tp("per-month", { amount: f.money(c.value, currency) })
        : f.money(c.value, currency);
  const operatorName = (code: string) => choices?.operators.find((o) => o.code === code)?.name;
  const bankName = (bic: string) => choices?.banks.find((b) => b.bic === bic)?.name;
  return (
    <Stack gap="xl">
      {groups(contracts).map((g) => (
        <Stack key={g.locationId} gap="md" component="section" aria-labelledby={`loc-${g.locationId}`} data-testid="contract-location">
          <Heading order={2} id={`loc-${g.locationId}`} size="h3">
            {g.address}
          </Heading>
          {g.points.map((p) => (
            <Stack key={p.id} gap="sm" data-testid="contract-usage-point" data-gsrn={p.gsrn}>
              <Heading order={3} size="h4">
                {tp("usage-point", { energy: t(`energy.${p.energyKind}`), gsrn: p.gsrn })}
              </Heading>
              {p.contracts.map((c) => (
                <article
                  className={`${panels.panel} ${panels.card}`}
                  key={c.id}
                  aria-labelledby={`contract-${c.id}`}
                  data-testid="contract-card"
                  data-contract={c.contractNumber}
                  data-status={c.status}
                >
                  <Stack gap="sm">
                    <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                      <Stack gap={0}>
                        <Text fw={700} fz="lg" id={`contract-${c.id}`} component="h4" style={{ margin: 0 }}>
                          {c.productName}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {t(`types.${c.type}`)} · {c.contractNumber}
                        </Text>
                      </Stack>
                      <ContractStatusBadge status={c.status} label={t(`status.${c.status}`)} />
                    </Group>
                    <KeyValueTable
                      aria-label={tp("facts", { number: c.contractNumber })}
                      rows={[
                        { key: "model", label: t("detail.price-model"), value: t(`price-models.${c.priceModel}`) },
                        { key: "start", label: t("detail.start"), value: f.date(c.startDate) },
                        { key: "end", label: t("detail.end"), value: c.endDate ? f.date(c.endDate) : t("detail.until-further-notice") },
                        ...(c.termMonths && c.termEnd ? [{ key: "term", label: t("detail.term"), value: t("detail.term-value", { months: c.termMonths, end: f.date(c.termEnd) }) }] : []),
                        ...c.priceComponents.map((pc) => ({ key: `price-${pc.type}`, label: t(`components.${pc.type}`), value: price(pc, c.currency) })),
                        {
                          key: "channel",
                          label: t("detail.billing-channel"),
                          value: (
                            <span data-testid="contract-channel" data-channel={c.billingChannel.type}>
                              {t(`channels.${c.billingChannel.type}`)}: {channelTarget(c.billingChannel, operatorName, bankName)}
                            </span>
                          ),
                        },
                        ...(c.coOwnerName ? [{ key: "co-owner", label: t("detail.co-owner"), value: c.coOwnerName }] : []),
                        ...(c.additionalProduct
                          ? [
                              {
                                key: "additional",
                                label: tp("additional-product"),
                                value: (
                                  <span translate="no" data-testid="contract-additional-product">
                                    {c.additionalProduct.name}
                                  </span>
                                ),
                              },
                            ]
                          : []),
                      ]}
                    />
                    <Text size="xs" c="dimmed">
                      {tp("vat-note")}
                    </Text>
                    <Group gap="sm" wrap="wrap">
                      {c.documents.map((d) => (
                        <Anchor
                          key={d.kind}
                          plain
                          href={`/api/contracts/${c.id}/download?locale=${encodeURIComponent(locale)}`}
                          download={d.filename}
                          data-testid="contract-download"
                          style={{ display: "inline-flex", alignItems: "center", gap: 6 }}
                        >
                          <DownloadIcon size={16} />
                          {tp("download", { number: c.contractNumber })}
                        </Anchor>
                      ))}
                      {documentsHref ? (
                        <Anchor href={documentsHref(c.id)} aria-label={td("open-for", { number: c.contractNumber })} data-testid="contract-documents-open">
                          {td("open")}
                        </Anchor>
                      ) : null}
                      {c.actions.changeBillingChannel && choices ? <BillingChannelButton contract={c} choices={choices} /> : null}
                      {c.actions.renew && flowHref ? (
                        <LinkButton href={flowHref(c.id, "offer")} data-testid="contract-renew" aria-label={tp("renew-for", { number: c.contractNumber })}>
                          {tp("renew")}
                        </LinkButton>
                      ) : null}
                      {c.actions.moveOut && flowHref ? (
                        <LinkButton href={flowHref(c.id, "move-out")} variant="default" data-testid="contract-move-out" aria-label={tp("move-out-for", { number: c.contractNumber })}>
                          {tp("move-out")}
                        </LinkButton>
                      ) : null}
                    </Group>
                  </Stack>
                </article>
              ))}
            </Stack>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
