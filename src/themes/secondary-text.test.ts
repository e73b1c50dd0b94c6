import { describe, expect, it } from "vitest";
import { allThemes } from "./registry";
import { themeCssVariablesInput } from "./mantine";
import { contrastRatio } from "./contrast";

describe("secondary text colours", () => {
  it("keep dimmed and placeholder text at WCAG AA on every theme's page and surface, light and dark", () => {
    const failures: string[] = [];
    for (const theme of allThemes()) {
      const vars = themeCssVariablesInput(theme);
      for (const scheme of ["light", "dark"] as const) {
        for (const name of ["--mantine-color-dimmed", "--mantine-color-placeholder"] as const) {
          const colour = vars[scheme][name];
          for (const bg of [theme.background[scheme], theme.surface[scheme]]) {
            const ratio = contrastRatio(colour, bg);
            if (ratio < 4.5) failures.push(`${theme.id} ${scheme} ${name} on ${bg}: ${ratio.toFixed(2)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
