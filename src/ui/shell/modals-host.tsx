"use client";

import { ModalsProvider } from "@mantine/modals";
import { useEffect } from "react";

/**
 * The host of `modals.openConfirmModal()` and its kin (they talk to it through window events).
 * It draws nothing until a modal opens, so it loads after the page; `onReady` hands over the
 * events sent meanwhile, which it then replays.
 */
export default function ModalsHost({ onReady }: { onReady: () => CustomEvent[] }) {
  useEffect(() => {
    // The provider's own listeners are in place by now (they register in a layout effect).
    for (const event of onReady()) window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
  }, [onReady]);
  return <ModalsProvider>{null}</ModalsProvider>;
}
