"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps } from "react";

type LinkProps = ComponentProps<typeof Link>;

/**
 * The portal's in-site link: next/link that fetches the page it leads to when a pointer comes over
 * it, a finger touches it or it gets the focus, a moment before it is followed, instead of every
 * link as soon as it scrolls into view. A page has twenty or more links (menus, bottom bar, rows)
 * and opening it prefetched all of them: as many requests and renders on the server, and their
 * decoding on the phone's main thread while the page was still getting ready. `prefetch={false}`
 * keeps a link from being fetched before it is followed at all.
 *
 * It is a client reference too: a Server Component can hand it to a client component such as
 * Mantine's `component` prop (`<Anchor component={ClientLink} href="…">`), which `next/link`
 * itself, a server wrapper there, cannot be.
 */
export function ClientLink({ prefetch, onMouseEnter, onTouchStart, onFocus, ...props }: LinkProps) {
  const router = useRouter();
  const href = typeof props.href === "string" ? props.href : null;
  const intent = () => {
    if (prefetch !== false && href !== null) router.prefetch(href);
  };
  return (
    <Link
      {...props}
      prefetch={false}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        intent();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        intent();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        intent();
      }}
    />
  );
}
