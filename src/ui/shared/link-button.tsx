import type { ReactNode } from "react";
import { ClientLink } from "@/ui/shell/client-link";
import classes from "./link-button.module.css";

/**
 * A link drawn as Mantine's default Button, without client code of its own: Mantine's Button is a
 * client component, and a server component that uses it adds Button's code to its page's first
 * scripts (for an area's not-found page, to every page of the area; decision 0023).
 */
export function LinkButton({ href, children, ...rest }: { href: string; children: ReactNode; "data-testid"?: string }) {
  return (
    <ClientLink href={href} className={`mantine-focus-auto ${classes.button}`} {...rest}>
      {children}
    </ClientLink>
  );
}
