import { Box, Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { getTheme } from "@/themes/registry";

export function AuthCard({ themeId, companyName, title, children }: { themeId: string; companyName: string; title: string; children: ReactNode }) {
  const theme = getTheme(themeId);
  return (
    <Paper shadow="md" p="xl" maw={460} mx="auto" mt="xl" withBorder>
      <Stack gap="lg">
        {/* The logo sits on the brand's header colour, which every theme's logo is drawn for. */}
        <Box bg="var(--portal-header-bg)" p="sm" style={{ alignSelf: "flex-start", borderRadius: 8 }}>
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={theme.logo.light} alt={companyName} className={`portal-logo-light${theme.logo.dark ? " portal-logo-has-dark" : ""}`} style={{ height: 40, width: "auto", display: "block" }} />
          {theme.logo.dark ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={theme.logo.dark} alt={companyName} className="portal-logo-dark" style={{ height: 40, width: "auto", display: "block" }} />
          ) : null}
        </Box>
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
