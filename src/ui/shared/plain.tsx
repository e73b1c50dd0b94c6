import type { ComponentPropsWithoutRef, CSSProperties, ReactNode } from "react";
import classes from "./plain.module.css";

/*
 * Mantine's Stack, Group, Text, Badge and Anchor for server components, drawn with CSS alone. Mantine's
 * are client components: in a server component each one is rendered again from the page's payload
 * and hydrated in the browser, with its style props resolved both times. These are plain elements
 * in the payload (decision 0029). Client components keep Mantine's. This module imports no client
 * component, so a page that uses only these loads no code for them; `Anchor`, which draws
 * next/link, is in `plain-anchor.tsx`.
 */

type Size = "xs" | "sm" | "md" | "lg" | "xl";
/** A theme spacing, or pixels as Mantine's numbers are. */
type Spacing = Size | number;

/** Pixels as Mantine's `rem()` writes them: scaled with the theme (`--mantine-scale`). */
export function rem(px: number): string {
  return `calc(${px / 16}rem * var(--mantine-scale))`;
}

/**
 * The flex box's style: a theme gap is a data attribute the stylesheet reads (short in the page and
 * its payload); pixels and alignment are inline properties, only those given. Properties, not
 * custom properties: those would be inherited by a nested Stack or Group.
 */
function flexProps(gap: Spacing, flex: CSSProperties, style: CSSProperties | undefined) {
  const s: CSSProperties = {};
  if (typeof gap === "number") s.gap = rem(gap);
  for (const [name, value] of Object.entries(flex)) if (value !== undefined) (s as Record<string, unknown>)[name] = value;
  const merged = { ...s, ...style };
  return { "data-gap": typeof gap === "number" ? undefined : gap, style: Object.keys(merged).length ? merged : undefined };
}

export function join(...names: (string | undefined)[]) {
  return names.filter(Boolean).join(" ");
}

type DivProps = Omit<ComponentPropsWithoutRef<"div">, "color">;

export function Stack({
  gap = "md",
  align,
  justify,
  component = "div",
  className,
  style,
  ...rest
}: { gap?: Spacing; align?: CSSProperties["alignItems"]; justify?: CSSProperties["justifyContent"]; component?: "div" | "section" | "ul" | "ol" | "li" | "article" } & DivProps) {
  // The element's own event types differ only in their target; the props are the same.
  const Tag = component as "div";
  return <Tag className={join(classes.stack, className)} {...flexProps(gap, { alignItems: align, justifyContent: justify }, style)} {...rest} />;
}

export function Group({
  gap = "md",
  align,
  justify,
  wrap,
  component = "div",
  className,
  style,
  ...rest
}: {
  gap?: Spacing;
  align?: CSSProperties["alignItems"];
  justify?: CSSProperties["justifyContent"];
  wrap?: CSSProperties["flexWrap"];
  component?: "div" | "nav" | "ul" | "li";
} & DivProps) {
  const Tag = component as "div";
  return <Tag className={join(classes.group, className)} {...flexProps(gap, { alignItems: align, justifyContent: justify, flexWrap: wrap }, style)} {...rest} />;
}

export interface TextStyle {
  /** The theme's text size with its line height, as Text's `size`. */
  size?: Size;
  /** A font size alone, as Text's `fz`. */
  fz?: Size;
  /** "dimmed", or any CSS colour, as Text's `c`. */
  c?: "dimmed" | (string & {});
  fw?: number;
  ta?: CSSProperties["textAlign"];
}

/** Theme sizes and the dimmed colour as data attributes the stylesheet reads; the rest inline. */
export function textProps({ size, fz, c, fw, ta }: TextStyle, style: CSSProperties | undefined) {
  const s: CSSProperties = {};
  if (c && c !== "dimmed") s.color = c;
  if (fw) s.fontWeight = fw;
  if (ta) s.textAlign = ta;
  const merged = { ...s, ...style };
  return { "data-size": size, "data-fz": fz, "data-dimmed": c === "dimmed" || undefined, style: Object.keys(merged).length ? merged : undefined };
}

export function Text({
  component = "p",
  size,
  fz,
  c,
  fw,
  ta,
  truncate,
  className,
  style,
  ...rest
}: TextStyle & { component?: "p" | "span" | "div" | "h3" | "h4" | "h5" | "figcaption" | "label" | "li" | "dt" | "dd" | "address"; truncate?: boolean } & Omit<ComponentPropsWithoutRef<"p">, "color">) {
  const Tag = component as "p";
  return <Tag className={join("mantine-focus-auto", classes.text, className)} data-truncate={truncate || undefined} {...textProps({ size, fz, c, fw, ta }, style)} {...rest} />;
}

/** A theme colour as Mantine writes it (`blue.9`) to its CSS variable; any other CSS colour as it is. */
export function themeColor(color: string): string {
  const shade = /^([a-z]+)\.(\d)$/.exec(color);
  return shade ? `var(--mantine-color-${shade[1]}-${shade[2]})` : color;
}

/**
 * The colours of a `Badge` variant as Mantine's variant resolver gives them: `color` is a theme
 * colour (`red`, or a shade `red.8` for filled) or any CSS colour for filled; without one, the
 * primary colour. The default variant is the surface's own colours with a border.
 */
function badgeVariables(variant: "filled" | "light" | "default", color?: string): Record<string, string> {
  if (variant === "default") {
    return {
      "--badge-bg": "var(--mantine-color-default)",
      "--badge-color": "var(--mantine-color-default-color)",
      "--badge-bd": `${rem(1)} solid var(--mantine-color-default-border)`,
    };
  }
  if (variant === "light") {
    const name = color && /^[a-z]+$/.test(color) ? `color-${color}` : "primary-color";
    return { "--badge-bg": `var(--mantine-${name}-light)`, "--badge-color": `var(--mantine-${name}-light-color)` };
  }
  return color ? { "--badge-bg": themeColor(color) } : {};
}

/**
 * Mantine's `Badge` without its script: filled (white text on `color`), light (a tint of a theme
 * colour) or default (the surface with a border), with an optional section before the label (an
 * icon), round around a short label when `circle`. The label is drawn as written unless
 * `uppercase` asks for Mantine's capitals.
 */
export function Badge({
  color,
  variant = "filled",
  uppercase,
  size = "md",
  circle,
  leftSection,
  className,
  style,
  children,
  ...rest
}: { color?: string; variant?: "filled" | "light" | "default"; uppercase?: boolean; size?: "xs" | "sm" | "md" | "lg"; circle?: boolean; leftSection?: ReactNode } & Omit<
  ComponentPropsWithoutRef<"div">,
  "color"
>) {
  return (
    <div
      className={join(classes.badge, className)}
      data-size={size}
      data-with-left-section={leftSection ? true : undefined}
      data-uppercase={uppercase || undefined}
      data-circle={circle || undefined}
      style={{ ...badgeVariables(variant, color), ...style } as CSSProperties}
      {...rest}
    >
      {leftSection ? <span className={classes.badgeSection}>{leftSection}</span> : null}
      <span className={classes.badgeLabel}>{children}</span>
    </div>
  );
}
