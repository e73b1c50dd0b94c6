"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Session } from "@/api/schemas/session";

/** Drawn only once a verification has expired: its code loads then. */
const VerificationExpired = dynamic(() => import("./verification-expired"));
/** Drawn only when the session is about to end. */
const SessionEnding = dynamic(() => import("./session-ending"));

/** How long before the end of the session the person is warned. */
export const WARN_BEFORE_MS = 2 * 60_000;

/** Background checks say so: they must not keep an idle session alive (src/server/auth/session-refresh.ts). */
const PASSIVE = { "x-portal-passive": "1" };

/**
 * Re-reads the session on window focus and at an interval: a session that ended sends the person
 * to sign in, one about to end for lack of activity warns first and offers to go on, and an
 * identity verification older than the site's period is flagged (spec §4). These checks are
 * passive: only what the person does moves the session's end.
 */
export function SessionWatcher({ signInHref, signOutHref, expiresAt, intervalSeconds = 60 }: { signInHref: string; signOutHref: string; expiresAt: string | null; intervalSeconds?: number }) {
  const [expired, setExpired] = useState(false);
  const [endsAt, setEndsAt] = useState<number | null>(null);
  /** The session's end as last known: from the page, then from each check. */
  const knownEnd = useRef<number | null>(expiresAt ? Date.parse(expiresAt) : null);
  const router = useRouter();
  const soon = useRef<ReturnType<typeof setTimeout> | null>(null);

  const apply = useCallback(
    (s: Session) => {
      if (s.status === "unauthenticated") {
        const back = encodeURIComponent(location.pathname + location.search);
        router.replace(`${signInHref}?callbackUrl=${back}&error=SessionRequired`);
        return;
      }
      setExpired(!s.user?.verified);
      const end = s.expiresAt ? Date.parse(s.expiresAt) : null;
      knownEnd.current = end;
      setEndsAt(end !== null && end - Date.now() <= WARN_BEFORE_MS ? end : null);
    },
    [router, signInHref],
  );

  useEffect(() => {
    let stopped = false;
    /** Looks again when the warning is due, or when the session ends, if that comes before the next regular check. */
    const schedule = () => {
      if (soon.current) clearTimeout(soon.current);
      const end = knownEnd.current;
      if (end === null) return;
      const due = end - WARN_BEFORE_MS - Date.now();
      const wait = due > 0 ? due + 500 : end - Date.now() + 1000;
      if (wait < intervalSeconds * 1000) soon.current = setTimeout(check, Math.max(1000, wait));
    };
    const check = async () => {
      try {
        const res = await fetch("/api/session", { credentials: "same-origin", headers: PASSIVE });
        if (!res.ok || stopped) return;
        apply((await res.json()) as Session);
        schedule();
      } catch {
        // Offline: try again later.
      }
    };
    schedule();
    const timer = setInterval(check, intervalSeconds * 1000);
    window.addEventListener("focus", check);
    return () => {
      stopped = true;
      clearInterval(timer);
      if (soon.current) clearTimeout(soon.current);
      window.removeEventListener("focus", check);
    };
  }, [apply, intervalSeconds]);

  /** The person chose to go on: an active call, which moves the session's end. */
  const stay = useCallback(async () => {
    try {
      const res = await fetch("/api/session", { credentials: "same-origin" });
      if (res.ok) apply((await res.json()) as Session);
    } catch {
      // Offline: the warning stays.
    }
  }, [apply]);

  return (
    <>
      {endsAt !== null ? <SessionEnding endsAt={endsAt} onStay={stay} signOutHref={signOutHref} /> : null}
      {expired ? <VerificationExpired signInHref={signInHref} /> : null}
    </>
  );
}
