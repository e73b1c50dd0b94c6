"use client";

import Link from "next/link";

/**
 * next/link as a client reference. In a Server Component `next/link` is a server wrapper
 * function, which cannot be handed to a client component such as Mantine's `component` prop;
 * this export can (`<Anchor component={ClientLink} href="…">`).
 */
export const ClientLink = Link;
