"use client";

import { Box, UnstyledButton, Text } from "@mantine/core";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { usePathname } from "next/navigation";
import { ShellIcon } from "./icons";

export interface BottomBarItem {
  href: string;
  label: string;
  /** An icon name of ShellIcon (the area's feature, "home", "settings" …). */
  icon: string;
}

/**
 * Signed-in people on small screens get the main areas at their thumb (hidden from 48em up,
 * where the header shows the navigation). The cookie button moves above it.
 */
export function MobileBottomBar({ items, label }: { items: BottomBarItem[]; label: string }) {
  const pathname = usePathname();
  if (!items.length) return null;
  const current = items.filter((i) => pathname === i.href || (i.href !== "/" && pathname.startsWith(`${i.href}/`))).sort((a, b) => b.href.length - a.href.length)[0];
  return (
    <Box component="nav" aria-label={label} className="portal-bottom-bar" data-portal-bottom-bar hiddenFrom="sm">
      {items.map((item) => {
        const active = item === current;
        return (
          <UnstyledButton key={item.href} component={Link} href={item.href} className="portal-bottom-bar-item" data-active={active || undefined} aria-current={active ? "page" : undefined}>
            <ShellIcon name={item.icon} />
            <Text span size="xs" fw={active ? 700 : 500} lineClamp={1}>
              {item.label}
            </Text>
          </UnstyledButton>
        );
      })}
    </Box>
  );
}
