import { Center, Paper, Stack, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The frame of the payment-state pages: an icon, the one heading, and what to do next. */
export function PaymentStateCard({ icon, color, title, children, testId }: { icon: ReactNode; color: string; title: string; children: ReactNode; testId: string }) {
  return (
    <Center>
      <Paper withBorder shadow="sm" p={{ base: "lg", sm: "xl" }} w="100%" maw={620} data-testid={testId}>
        <Stack gap="lg" align="stretch">
          <ThemeIcon size={56} radius="xl" color={color} variant="filled" aria-hidden="true" style={{ alignSelf: "center" }}>
            {icon}
          </ThemeIcon>
          <Title order={1} ta="center" size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
