"use client";

import { useRouter } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import type { Session } from "@/api/schemas/session";
import { api, ApiError } from "@/ui/api";

/**
 * The signed-in person as a shared document's frame shows them (decision 0033): the document is the
 * same for every visitor, so who is signed in, for whom they act and their unread messages come
 * from the API once the page is in the browser (GET /api/session, GET /api/me/inbox/unread).
 */
export interface PortalSessionState {
  /** Null until the first answer. */
  session: Session | null;
  /** Unread inbox messages of the active customer; undefined without the inbox. */
  unread: number | undefined;
}

/** Where a page whose session has ended sends the person: the sign-in page, and back here afterwards. */
export function signInAgainHref(signInHref: string): string {
  return `${signInHref}?callbackUrl=${encodeURIComponent(location.pathname + location.search)}&error=SessionRequired`;
}

const PortalSessionContext = createContext<PortalSessionState>({ session: null, unread: undefined });

/** Sent after a change of who the session acts for (a customer switched, customer-service mode left, a code added). */
export const SESSION_CHANGED_EVENT = "portal:session-changed";

/** Tells a shared document's frame and content to read the session again. */
export function announceSessionChange() {
  window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}

/** Calls `read` now and after every announced session change. */
export function useOnSessionChange(read: () => void) {
  useEffect(() => {
    read();
    window.addEventListener(SESSION_CHANGED_EVENT, read);
    return () => window.removeEventListener(SESSION_CHANGED_EVENT, read);
  }, [read]);
}

export function PortalSessionProvider({ inbox, signInHref, children }: { inbox: boolean; signInHref: string; children: ReactNode }) {
  const [state, setState] = useState<PortalSessionState>({ session: null, unread: undefined });
  const router = useRouter();
  const read = useCallback(async () => {
    try {
      const session = await api<Session>("/api/session", { headers: { "x-portal-passive": "1" } });
      if (session.status !== "authenticated") {
        router.replace(signInAgainHref(signInHref));
        return;
      }
      const unread = inbox && session.activeCustomer ? (await api<{ unread: number }>("/api/me/inbox/unread").catch(() => null))?.unread : undefined;
      setState({ session, unread });
    } catch (err) {
      // The page's own calls report failures; the frame keeps what it showed.
      if (!(err instanceof ApiError)) throw err;
    }
  }, [inbox, router, signInHref]);
  useOnSessionChange(
    useCallback(() => {
      void read();
    }, [read]),
  );
  return <PortalSessionContext.Provider value={state}>{children}</PortalSessionContext.Provider>;
}

export function usePortalSession(): PortalSessionState {
  return useContext(PortalSessionContext);
}
