"use client";

import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { Address } from "@/api/schemas/settings";
import { useHydrated } from "@/ui/shared/use-hydrated";
import classes from "./settings.module.css";

/** The change form is loaded when it is asked for (pointed at or pressed), not with the page. */
const loadForm = () => import("./address-form").then((m) => m.AddressForm);
const AddressForm = dynamic(loadForm, { ssr: false });

/** An address in lines: street, then postal code and city, then the country's name. */
function AddressLines({ address, countryName }: { address: Pick<Address, "street" | "postalCode" | "city" | "country">; countryName: (code: string) => string }) {
  return (
    <Text component="address" translate="no" style={{ fontStyle: "normal" }} className={classes.wrapAnywhere}>
      {address.street ?? ""}
      <br />
      {[address.postalCode, address.city].filter(Boolean).join(" ")}
      <br />
      {countryName(address.country)}
    </Text>
  );
}

/** The postal or billing address, and its change form for whoever may change it. */
export function AddressCard({ customerId, address, canEdit, countries }: { customerId: string; address: Address; canEdit: boolean; countries: { code: string; name: string }[] }) {
  const t = useTranslations("settings-pages.addresses");
  const interactive = useHydrated();
  const [editing, setEditing] = useState(false);
  const kind = address.type as "postal" | "billing";
  const countryName = (code: string) => countries.find((c) => c.code === code)?.name ?? code;
  const headingId = `address-${kind}`;
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby={headingId} data-testid={`address-${kind}`} data-interactive={interactive || undefined}>
      <Stack gap="sm">
        <Title order={3} id={headingId}>
          {t(`titles.${kind}`)}
        </Title>
        {editing ? (
          <AddressForm customerId={customerId} address={address} countries={countries} onDone={() => setEditing(false)} />
        ) : (
          <>
            {kind === "billing" && address.sameAsPostal ? <Text>{t("same-as-postal")}</Text> : address.street ? <AddressLines address={address} countryName={countryName} /> : <Text>{t("none")}</Text>}
            <Text size="sm" c="dimmed">
              {t(`help.${kind}`)}
            </Text>
            {canEdit && address.editable ? (
              <Group>
                <Button variant="default" onClick={() => setEditing(true)} onPointerEnter={() => void loadForm()} onFocus={() => void loadForm()} data-testid={`address-change-${kind}`}>
                  {t(`change.${kind}`)}
                </Button>
              </Group>
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}
