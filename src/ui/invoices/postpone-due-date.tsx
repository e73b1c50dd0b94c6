"use client";

import { Button, Text } from "@mantine/core";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { PostponeWindow } from "@/api/schemas/invoices";
import { CalendarIcon } from "@/ui/shared/line-icons";

/** The postponing window as the invoice detail API gives it. */
export type PostponeWindowView = PostponeWindow;

const loadDialog = () => import("./postpone-dialog");
/** The modal, its date picker and dayjs load on the way to the button, not with the page. */
const PostponeDialog = dynamic(loadDialog, { ssr: false });

/** Postpone the due date: a button that opens the postponing modal, or why it cannot be postponed (spec §7, §4). */
export function PostponeDueDate(props: { invoiceNumber: string; dueDate: string; window: PostponeWindowView; currency: string; locale: string }) {
  const t = useTranslations("invoice-pages.postpone");
  const tAll = useTranslations();
  const [opened, setOpened] = useState(false);
  // Mounted from the first opening on, so closing plays the modal's transition.
  const [mounted, setMounted] = useState(false);
  const { window } = props;

  if (!window.allowed) {
    const reason = window.reason;
    return reason ? (
      <Text size="sm" c="dimmed" data-testid="postpone-unavailable">
        {tAll.has(reason as never) ? tAll(reason as never) : tAll("api.something-went-wrong" as never)}
      </Text>
    ) : null;
  }

  const prefetch = () => void loadDialog().catch(() => {});
  return (
    <>
      <Button
        variant="default"
        leftSection={<CalendarIcon />}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setMounted(true);
          setOpened(true);
        }}
        data-testid="postpone-open"
      >
        {t("open")}
      </Button>
      {mounted ? <PostponeDialog {...props} opened={opened} onClose={() => setOpened(false)} /> : null}
    </>
  );
}
