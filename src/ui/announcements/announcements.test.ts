import { MantineProvider, Typography } from "@mantine/core";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TYPOGRAPHY_CLASS } from "./announcements";

describe("the announcements' rich text", () => {
  it("carries the classes Mantine's Typography draws, so its stylesheet applies without its client code", () => {
    const mantine = renderToStaticMarkup(createElement(MantineProvider, null, createElement(Typography, null, "x")));
    expect(mantine).toContain(`<div class="${TYPOGRAPHY_CLASS}">x</div>`);
  });
});
