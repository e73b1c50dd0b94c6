"use client";

import { Menu, UnstyledButton, Text, Group, VisuallyHidden } from "@mantine/core";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";

export interface LocaleOption {
  id: string;
  prefix: string;
  name: string;
}

/**
 * Hidden with one locale; a two-letter code on small screens, the language's own name on larger
 * ones. Choosing keeps the path and query and does not scroll (spec §2).
 */
export function LanguageSwitcher({ locales, current, defaultLocale }: { locales: LocaleOption[]; current: string; defaultLocale: string }) {
  const t = useTranslations("shell");
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  if (locales.length <= 1) return null;
  const currentOption = locales.find((l) => l.id === current) ?? locales[0];
  const prefixes = new Set(locales.map((l) => l.prefix));
  const bare = (() => {
    const first = pathname.split("/")[1];
    return prefixes.has(first) ? pathname.slice(first.length + 1) || "/" : pathname;
  })();
  const go = (option: LocaleOption) => {
    const path = option.id === defaultLocale ? bare : `/${option.prefix}${bare === "/" ? "" : bare}`;
    const query = search.toString();
    router.replace(query ? `${path}?${query}` : path, { scroll: false });
    router.refresh();
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {/* The name comes from the content, so it always contains the visible code or language name (WCAG 2.5.3). */}
        <UnstyledButton style={{ color: "var(--portal-header-text)" }} p={6} data-testid="language-switcher">
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
      </Menu.Target>
      <Menu.Dropdown>
        {locales.map((l) => (
          <Menu.Item key={l.id} onClick={() => go(l)} aria-current={l.id === current ? "true" : undefined} lang={l.id}>
            {l.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
