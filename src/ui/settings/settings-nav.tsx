"use client";

import { ClientLink as Link } from "@/ui/shell/client-link";
import { useEffect, useRef } from "react";
import classes from "./settings.module.css";

export interface SettingsNavItem {
  id: string;
  href: string;
  label: string;
}

/**
 * The settings tabs as links: the URL is the state, so a tab can be bookmarked, reloaded and
 * opened in a new window. On a narrow screen the row scrolls sideways, and the chosen tab is
 * brought into view.
 */
export function SettingsNav({ items, active, label }: { items: SettingsNavItem[]; active: string; label: string }) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const ul = list.current;
    const current = ul?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!ul || !current || ul.scrollWidth <= ul.clientWidth) return;
    // Scroll the row only (scrollIntoView would move the page too).
    const left = current.getBoundingClientRect().left - ul.getBoundingClientRect().left + ul.scrollLeft;
    if (left < ul.scrollLeft || left + current.offsetWidth > ul.scrollLeft + ul.clientWidth) ul.scrollLeft = Math.max(0, left - 16);
  }, [active]);
  return (
    <nav aria-label={label} data-testid="settings-tabs">
      <ul className={classes.tabs} ref={list}>
        {items.map((item) => (
          <li key={item.id}>
            <Link href={item.href} className={classes.tab} aria-current={item.id === active ? "page" : undefined} data-tab={item.id} scroll={false}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
