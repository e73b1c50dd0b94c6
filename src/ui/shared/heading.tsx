import type { ComponentPropsWithoutRef, CSSProperties } from "react";
import classes from "./heading.module.css";

type HeadingSize = "h1" | "h2" | "h3" | "h4" | "h5" | "h6";

/**
 * A heading drawn as Mantine's Title draws it (the theme's heading font, size, weight and line
 * height), without client code: Mantine's Title is a client component, and a server component
 * that uses it adds Title's code to its page's first scripts.
 */
export function Heading({
  order,
  size,
  fz,
  style,
  className,
  ...rest
}: { order: 1 | 2 | 3 | 4 | 5 | 6; size?: HeadingSize; /** A text size instead of the heading's, as Title's `fz`. */ fz?: "sm" | "md" | "lg" | "xl" } & ComponentPropsWithoutRef<"h1">) {
  const Tag = `h${order}` as const;
  const s = size ?? `h${order}`;
  const vars = {
    "--title-fz": fz ? `var(--mantine-font-size-${fz})` : `var(--mantine-${s}-font-size)`,
    "--title-fw": `var(--mantine-${s}-font-weight)`,
    "--title-lh": `var(--mantine-${s}-line-height)`,
  } as CSSProperties;
  return <Tag className={className ? `${classes.heading} ${className}` : classes.heading} style={{ ...vars, ...style }} {...rest} />;
}
