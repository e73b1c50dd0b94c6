"use client";

import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { FEEDBACK_EXCLUDED_PATH, shouldAskFeedback } from "./feedback-rules";
import { handledAt } from "./feedback-cookie";
import type { FeedbackForm } from "@/api/schemas/feedback";

export { FEEDBACK_COOKIE } from "./feedback-cookie";

/**
 * The dialog waits until the person has stayed on a page for a while, so it never interrupts
 * the first look at a page (or a task in progress right after signing in).
 */
export const FEEDBACK_DELAY_MS = 20_000;

/** The dialog itself (a modal with its form) loads only when it is about to open. */
const FeedbackModal = dynamic(() => import("./feedback-modal").then((m) => m.FeedbackModal), { ssr: false });

/**
 * The feedback dialog (spec §2, §4, §5): asked after a while on a page, never on sign-in, admin or
 * settings pages, and again only when the form is refreshed after the last answer.
 */
export function FeedbackDialog({ form, delayMs = FEEDBACK_DELAY_MS }: { form: Pick<FeedbackForm, "id" | "refreshedAt">; delayMs?: number }) {
  const pathname = usePathname();
  const [opened, setOpened] = useState(false);
  // Once asked, the modal stays in the tree (closed), so a later question reuses it.
  const [asked, setAsked] = useState(false);

  useEffect(() => {
    if (FEEDBACK_EXCLUDED_PATH.test(pathname) || !shouldAskFeedback(handledAt(), form.refreshedAt)) return;
    const timer = setTimeout(() => {
      if (!shouldAskFeedback(handledAt(), form.refreshedAt)) return;
      setAsked(true);
      setOpened(true);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [pathname, form.refreshedAt, delayMs]);

  return asked ? <FeedbackModal formId={form.id} opened={opened} onClose={() => setOpened(false)} /> : null;
}
