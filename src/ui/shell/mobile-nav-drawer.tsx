"use client";

import { Drawer, NavLink, Stack } from "@mantine/core";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";

export interface MobileNavDrawerProps {
  items: { href: string; label: string }[];
  opened: boolean;
  onClose: () => void;
}

/** The navigation drawer of small screens (loaded once the page is up: it opens on request only). */
export default function MobileNavDrawer({ items, opened, onClose }: MobileNavDrawerProps) {
  const t = useTranslations("shell");
  const pathname = usePathname();
  return (
    <Drawer opened={opened} onClose={onClose} title={t("menu")} size="xs" hiddenFrom="md">
      <Stack gap={2}>
        {items.map((item) => (
          <NavLink key={item.href} component={Link} href={item.href} label={item.label} active={pathname === item.href} onClick={onClose} />
        ))}
      </Stack>
    </Drawer>
  );
}
