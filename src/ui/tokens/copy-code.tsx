"use client";

import { Button, Code, CopyButton, Group, Stack } from "@mantine/core";

/** A block of example code with a copy button; the labels come translated from the page. */
export function CopyCode({ code, label, copyLabel, copiedLabel, testId }: { code: string; label: string; copyLabel: string; copiedLabel: string; testId: string }) {
  return (
    <Stack gap={6}>
      <Code block data-testid={testId} translate="no" style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
        {code}
      </Code>
      <Group>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy} aria-label={`${copied ? copiedLabel : copyLabel}: ${label}`}>
              {copied ? copiedLabel : copyLabel}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
