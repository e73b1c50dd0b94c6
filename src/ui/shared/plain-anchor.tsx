import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { ClientLink } from "@/ui/shell/client-link";
import { join, textProps, type TextStyle } from "./plain";
import classes from "./plain.module.css";

/*
 * Mantine's Anchor for server components (decision 0029), apart from plain.tsx because it draws
 * next/link: a page that imports this module loads next/link's code, one that imports only
 * plain.tsx does not (the sign-in pages).
 */

/** A link in the anchor colour, underlined on hover: next/link inside the site, a plain `<a>` elsewhere. */
export function Anchor({
  href,
  plain,
  size,
  fz,
  c,
  fw,
  className,
  style,
  children,
  ...rest
}: TextStyle & { href: string; /** A plain `<a>` instead of next/link: another site, or a page outside the router. */ plain?: boolean; children: ReactNode } & Omit<
    ComponentPropsWithoutRef<"a">,
    "color" | "href"
  >) {
  const props = { className: join("mantine-focus-auto", classes.text, classes.anchor, className), ...textProps({ size, fz, c, fw }, style), ...rest };
  return plain ? (
    <a href={href} {...props}>
      {children}
    </a>
  ) : (
    <ClientLink href={href} {...props}>
      {children}
    </ClientLink>
  );
}
