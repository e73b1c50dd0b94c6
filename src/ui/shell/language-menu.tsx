"use client";

import { Menu } from "@mantine/core";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMenuIntent, type DeferredMenuProps } from "./deferred-menu";
import type { LanguageSwitcherProps, LocaleOption } from "./language-switcher";

/** The language menu itself, loaded on first use of its trigger. */
export function LanguageMenu({ locales, current, defaultLocale, trigger, intent }: LanguageSwitcherProps & DeferredMenuProps) {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const ref = useMenuIntent(intent);
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
      <Menu.Target>{trigger({ ref })}</Menu.Target>
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
