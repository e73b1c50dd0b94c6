import type { ReactNode } from "react";
import { SettingsNav, type SettingsNavItem } from "./settings-nav";
import classes from "./settings.module.css";
import { Heading } from "@/ui/shared/heading";
import { rem, Stack, Text } from "@/ui/shared/plain";

/** The tabs beside (on a phone: above) the chosen tab's panel, which has the tab's name as its heading. */
export function SettingsLayout({ label, items, active, title, intro, children }: { label: string; items: SettingsNavItem[]; active: string; title: string; intro: string; children: ReactNode }) {
  return (
    <div className={classes.layout}>
      <SettingsNav items={items} active={active} label={label} />
      <section className={classes.panel} aria-labelledby="settings-panel-title" data-testid="settings-panel" data-tab={active}>
        <Stack gap="lg">
          <div>
            <Heading order={2} id="settings-panel-title">
              {title}
            </Heading>
            <Text c="dimmed" style={{ marginTop: rem(4) }}>
              {intro}
            </Text>
          </div>
          {children}
        </Stack>
      </section>
    </div>
  );
}
