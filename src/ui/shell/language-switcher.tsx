"use client";

import { UnstyledButton, Text, Group, VisuallyHidden } from "@mantine/core";
import { useTranslations } from "next-intl";
import { DeferredMenu, type TriggerProps } from "./deferred-menu";

export interface LocaleOption {
  id: string;
  prefix: string;
  name: string;
}

export interface LanguageSwitcherProps {
  locales: LocaleOption[];
  current: string;
  defaultLocale: string;
}

const loadMenu = () => import("./language-menu").then((m) => m.LanguageMenu);

/**
 * Hidden with one locale; a two-letter code on small screens, the language's own name on larger
 * ones. Choosing keeps the path and query and does not scroll (spec §2).
 */
export function LanguageSwitcher(props: LanguageSwitcherProps) {
  const t = useTranslations("shell");
  const { locales, current } = props;
  if (locales.length <= 1) return null;
  const currentOption = locales.find((l) => l.id === current) ?? locales[0];
  const trigger = (extra: TriggerProps) => (
    // The name comes from the content, so it always contains the visible code or language name (WCAG 2.5.3).
    <UnstyledButton style={{ color: "var(--portal-header-text)" }} p={6} data-testid="language-switcher" {...extra}>
      <Group gap={4}>
        <VisuallyHidden>{t("language", { language: "" }).trim()}</VisuallyHidden>
        <Text span hiddenFrom="sm" fw={600} tt="uppercase" size="sm">
          {currentOption.prefix}
        </Text>
        <Text span visibleFrom="sm" fw={500} size="sm">
          {currentOption.name}
        </Text>
      </Group>
    </UnstyledButton>
  );
  return <DeferredMenu load={loadMenu} trigger={trigger} props={props} />;
}
