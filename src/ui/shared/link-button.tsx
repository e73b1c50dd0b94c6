import type { ReactNode } from "react";
import { ClientLink } from "@/ui/shell/client-link";
import classes from "./button.module.css";

export type ButtonVariant = "filled" | "light" | "default";

/**
 * A link drawn as Mantine's Button (filled, as Mantine's default, or light or default), without
 * client code of its own: Mantine's Button is a client component, and a server component that
 * uses it adds Button's code to its page's first scripts (for an area's not-found page, to every
 * page of the area; decision 0023).
 */
export function LinkButton({ href, variant = "filled", children, ...rest }: { href: string; variant?: ButtonVariant; children: ReactNode; "aria-label"?: string; "data-testid"?: string }) {
  return (
    <ClientLink href={href} className={classes.button} data-variant={variant} {...rest}>
      {children}
    </ClientLink>
  );
}
