"use client";

import { ActionIcon, CopyButton, Group, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { CheckIcon } from "@/ui/shared/line-icons";
import classes from "./invoices.module.css";

function CopyIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
    </svg>
  );
}

/** A value to type into a bank's transfer form, with a button that copies it. */
export function CopyValue({ value, display, label, mono }: { value: string; display?: string; label: string; mono?: boolean }) {
  const t = useTranslations("invoice-pages.detail");
  return (
    <Group gap={6} wrap="nowrap" align="center">
      <Text span inherit className={mono ? classes.mono : classes.wrapAnywhere} fw={600}>
        {display ?? value}
      </Text>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          // The browser's own tooltip (title) names the button: a drawn tooltip would bring its
          // positioning library to every invoice page.
          <>
            <ActionIcon variant="subtle" color="gray" onClick={copy} aria-label={copied ? t("copied") : t("copy", { label })} title={t("copy", { label })} size="sm">
              {copied ? <CheckIcon size={16} /> : <CopyIcon />}
            </ActionIcon>
            <Text span size="xs" c="dimmed" role="status">
              {copied ? t("copied") : null}
            </Text>
          </>
        )}
      </CopyButton>
    </Group>
  );
}
