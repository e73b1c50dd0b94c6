import { Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { getTheme } from "@/themes/registry";

export function AuthCard({ themeId, companyName, title, children }: { themeId: string; companyName: string; title: string; children: ReactNode }) {
  const theme = getTheme(themeId);
  return (
    <Paper shadow="md" p="xl" maw={460} mx="auto" mt="xl" withBorder>
      <Stack gap="lg">
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src={theme.logo.light} alt={companyName} style={{ height: 44, width: "auto", alignSelf: "flex-start" }} />
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
