"use client";

import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef } from "react";

/** Whether a click on this anchor would take the person to another page of this site. */
function inAppDestination(anchor: HTMLAnchorElement, event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  if (anchor.target && anchor.target !== "_self") return null;
  if (anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin) return null;
  if (url.pathname === location.pathname && url.search === location.search) return null;
  return url;
}

/**
 * Asks before leaving a page whose form has unsaved changes (spec §2, §8): the browser's own
 * prompt when the page unloads, and a translated confirm dialog when an in-app link is followed.
 * Returns `confirmLeave()` for code that navigates itself (resolves true when leaving is fine),
 * and `release()` to stop guarding, e.g. right before navigating away after a successful save.
 */
export function useLeaveGuard(dirty: boolean) {
  const t = useTranslations("shared.leave");
  const router = useRouter();
  const released = useRef(false);
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
    if (dirty) released.current = false;
  }, [dirty]);

  const confirmLeave = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        if (!dirtyRef.current || released.current) return resolve(true);
        modals.openConfirmModal({
          title: t("title"),
          children: <Text size="sm">{t("message")}</Text>,
          labels: { confirm: t("confirm"), cancel: t("cancel") },
          confirmProps: { color: "red", "data-testid": "leave-confirm" } as never,
          cancelProps: { "data-testid": "leave-cancel" } as never,
          onConfirm: () => resolve(true),
          onCancel: () => resolve(false),
          onClose: () => resolve(false),
        });
      }),
    [t],
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      event.returnValue = "";
    };
    const onClick = (event: MouseEvent) => {
      if (released.current) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!anchor) return;
      const url = inAppDestination(anchor, event);
      if (!url) return;
      // Runs before the framework's own link handling (capture phase on window).
      event.preventDefault();
      event.stopImmediatePropagation();
      void confirmLeave().then((ok) => {
        if (!ok) return;
        released.current = true;
        router.push(url.pathname + url.search + url.hash);
      });
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("click", onClick, true);
    };
  }, [dirty, confirmLeave, router]);

  const release = useCallback(() => {
    released.current = true;
  }, []);
  return { confirmLeave, release };
}
