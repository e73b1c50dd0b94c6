import { Box, Group } from "@mantine/core";
import type { ReactNode } from "react";

export const TOP_BAR_HEIGHT = 42;

/** A 42 px bar with a left and a right section (spec §2, §9), e.g. above a page's content. */
export function TopBar({
  left,
  right,
  label,
  component = "div",
}: {
  left?: ReactNode;
  right?: ReactNode;
  label?: string;
  /** "header" when the bar is the page's banner. */ component?: "div" | "header";
}) {
  return (
    <Box
      component={component}
      role={label && component === "div" ? "region" : undefined}
      aria-label={label}
      h={TOP_BAR_HEIGHT}
      px="md"
      data-testid="top-bar"
      // Header controls placed here (e.g. the language switcher) use the surface's text colour.
      style={{
        borderBottom: "1px solid var(--mantine-color-default-border)",
        background: "var(--portal-surface)",
        color: "var(--mantine-color-text)",
        ["--portal-header-text" as string]: "var(--mantine-color-text)",
      }}
    >
      <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          {left}
        </Group>
        <Group gap="sm" wrap="nowrap">
          {right}
        </Group>
      </Group>
    </Box>
  );
}
