// Mantine's for the default-variant badge: the plain one is filled only.
import { Badge } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { Address } from "@/api/schemas/settings";
import { EmptyState } from "@/ui/shared/empty-state";
import { Group, Stack, Text } from "@/ui/shared/plain";
import { AddressCard } from "./panels";
import classes from "./settings.module.css";
import { Heading } from "@/ui/shared/heading";
import panels from "@/ui/shared/panels.module.css";

/** The countries an address may be in (the reference countries, spec §3). */
export const ADDRESS_COUNTRIES = ["FI", "EE", "LV"] as const;

/** A country's name in a language, from the Unicode data of the runtime (the code when it has none). */
function countryNames(locale: string) {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: "region" });
  } catch {
    names = null;
  }
  return (code: string) => names?.of(code) ?? code;
}

/**
 * The customer's addresses: postal and billing (changeable by whoever may change addresses) and
 * the usage points' addresses, read-only (spec §3, GET /api/me/addresses).
 */
export async function AddressesPanel({ customerId, addresses, canEdit, activeOnly, locale }: { customerId: string; addresses: Address[]; canEdit: boolean; activeOnly: boolean; locale: string }) {
  const t = await getTranslations("settings-pages.addresses");
  const countryName = countryNames(locale);
  const countries = ADDRESS_COUNTRIES.map((code) => ({ code, name: countryName(code) }));
  const postal = addresses.find((a) => a.type === "postal");
  const billing = addresses.find((a) => a.type === "billing");
  const points = addresses.filter((a) => a.type === "usage-point");
  return (
    <Stack gap="lg">
      {postal ? <AddressCard customerId={customerId} address={postal} canEdit={canEdit} countries={countries} /> : null}
      {billing ? <AddressCard customerId={customerId} address={billing} canEdit={canEdit} countries={countries} /> : null}
      {!canEdit ? (
        <Text size="sm" c="dimmed">
          {t("read-only")}
        </Text>
      ) : null}
      <Stack gap="sm" component="section" aria-labelledby="addresses-usage-points">
        <Heading order={3} id="addresses-usage-points">
          {t("titles.usage-point")}
        </Heading>
        <Text size="sm" c="dimmed">
          {activeOnly ? t("usage-points-help-active") : t("usage-points-help")}
        </Text>
        {points.length ? (
          <Stack component="ul" gap="sm" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-labelledby="addresses-usage-points">
            {points.map((p) => (
              <li key={p.id} data-testid="usage-point-address">
                <div className={panels.panel}>
                  <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                    <Stack gap={4} className={classes.wrapAnywhere}>
                      {p.name ? (
                        <Text fw={600} translate="no">
                          {p.name}
                        </Text>
                      ) : null}
                      <Text component="address" translate="no" style={{ fontStyle: "normal" }} className={classes.wrapAnywhere}>
                        {[p.street, [p.postalCode, p.city].filter(Boolean).join(" "), countryName(p.country)].filter(Boolean).join(", ")}
                      </Text>
                      {p.gsrns.length ? (
                        <Text size="sm" c="dimmed" className={classes.mono}>
                          {t("gsrn", { gsrn: p.gsrns.join(", ") })}
                        </Text>
                      ) : null}
                    </Stack>
                    {p.activeContract === null ? null : <Badge variant="default">{p.activeContract ? t("active-contract") : t("no-active-contract")}</Badge>}
                  </Group>
                </div>
              </li>
            ))}
          </Stack>
        ) : (
          <EmptyState titleOrder={4} title={t("no-usage-points")} description={activeOnly ? t("no-usage-points-active") : undefined} data-testid="usage-points-empty" />
        )}
      </Stack>
    </Stack>
  );
}
