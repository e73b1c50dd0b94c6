import { Box, Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { BrandMark } from "@/ui/shell/brand";

export function AuthCard({ themeId, companyName, title, children }: { themeId: string; companyName: string; title: string; children: ReactNode }) {
  return (
    <Paper shadow="md" p="xl" maw={460} mx="auto" mt="xl" withBorder>
      <Stack gap="lg">
        {/* The mark sits on the brand's header colour, which every theme's mark is drawn for. The
            pictures take no inline display: the colour-scheme rules hide the one not in use. */}
        <Box bg="var(--portal-header-bg)" c="var(--portal-header-text)" p="sm" style={{ alignSelf: "flex-start", borderRadius: 8, maxWidth: "100%" }}>
          <BrandMark themeId={themeId} companyName={companyName} />
        </Box>
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
