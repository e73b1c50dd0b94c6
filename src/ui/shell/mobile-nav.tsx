"use client";

import { Burger } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useState } from "react";

const loadDrawer = () => import("./mobile-nav-drawer");
// A closed drawer draws nothing, so its code (Drawer, its overlay and focus trap) is not part of the
// page's load: it is fetched and drawn (closed) once a finger or pointer comes to the button or the
// button gets focus, so that it is there, and opens as always, by the time the button is pressed.
const MobileNavDrawer = dynamic(loadDrawer, { ssr: false });

export function MobileNav({ items }: { items: { href: string; label: string }[] }) {
  const t = useTranslations("shell");
  const [opened, { toggle, close }] = useDisclosure(false);
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  if (items.length === 0) return null;
  return (
    <>
      <Burger
        opened={opened}
        onClick={toggle}
        onPointerEnter={want}
        onTouchStart={want}
        onFocus={want}
        hiddenFrom="md"
        aria-label={t(opened ? "close-menu" : "open-menu")}
        color="var(--portal-header-text)"
        size="sm"
      />
      {(wanted || opened) && <MobileNavDrawer items={items} opened={opened} onClose={close} />}
    </>
  );
}
