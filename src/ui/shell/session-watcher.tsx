"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import type { Session } from "@/api/schemas/session";

/** Drawn only once a verification has expired: its code loads then. */
const VerificationExpired = dynamic(() => import("./verification-expired"));

/**
 * Re-reads the session on window focus and at an interval: a session that ended sends the person
 * to sign in, and an identity verification older than the site's period is flagged (spec §4).
 */
export function SessionWatcher({ signInHref, intervalSeconds = 60 }: { signInHref: string; intervalSeconds?: number }) {
  const [expired, setExpired] = useState(false);
  const router = useRouter();
  useEffect(() => {
    let stopped = false;
    const check = async () => {
      try {
        const res = await fetch("/api/session", { credentials: "same-origin" });
        if (!res.ok || stopped) return;
        const s = (await res.json()) as Session;
        if (s.status === "unauthenticated") {
          const back = encodeURIComponent(location.pathname + location.search);
          router.replace(`${signInHref}?callbackUrl=${back}&error=SessionRequired`);
        } else setExpired(!s.user?.verified);
      } catch {
        // Offline: try again later.
      }
    };
    const timer = setInterval(check, intervalSeconds * 1000);
    window.addEventListener("focus", check);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener("focus", check);
    };
  }, [signInHref, intervalSeconds, router]);
  return expired ? <VerificationExpired signInHref={signInHref} /> : null;
}
