import { Text } from "@mantine/core";
import type { ReactNode } from "react";

/** A labelled group of controls (segmented controls, checkboxes): a fieldset whose legend looks like an input label. */
export function ControlGroup({ legend, children, grow }: { legend: string; children: ReactNode; grow?: boolean }) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0, flex: grow ? "1 1 auto" : undefined }}>
      <Text component="legend" fz="sm" fw={500} mb={4} p={0}>
        {legend}
      </Text>
      {children}
    </fieldset>
  );
}
