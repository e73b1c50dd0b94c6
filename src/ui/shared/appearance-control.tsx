"use client";

import { SegmentedControl, Stack, Text, useMantineColorScheme } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useId } from "react";
import type { ColorSchemeChoice } from "./color-scheme";

/**
 * The person's colour-scheme choice: follow the system, light or dark (spec §4). Stored in the
 * color-scheme cookies by the provider's manager. Without the dark-theme feature it only says so.
 */
export function AppearanceControl({ darkAllowed }: { darkAllowed: boolean }) {
  const t = useTranslations("appearance");
  const id = useId();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Stack gap={6} data-testid="appearance-control">
      <Text id={id} fw={600}>
        {t("label")}
      </Text>
      {darkAllowed ? (
        <>
          <SegmentedControl
            aria-labelledby={id}
            value={colorScheme}
            onChange={(value) => setColorScheme(value as ColorSchemeChoice)}
            data={(["auto", "light", "dark"] as const).map((value) => ({ value, label: t(value) }))}
            maw={420}
          />
          <Text size="sm">{t("description")}</Text>
        </>
      ) : (
        <Text size="sm">{t("unavailable")}</Text>
      )}
    </Stack>
  );
}
