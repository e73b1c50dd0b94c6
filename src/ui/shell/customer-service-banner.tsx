"use client";

import { Alert, Button, Group, Text } from "@mantine/core";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { api } from "@/ui/api";
import { useApiErrorHandler } from "@/ui/use-api-error";
import { announceSessionChange } from "@/ui/shell/portal-session";

export function CustomerServiceBanner({ customerName, clientCode }: { customerName: string; clientCode: string }) {
  const t = useTranslations("account");
  const router = useRouter();
  const onError = useApiErrorHandler();
  const leave = async () => {
    try {
      await api("/api/customer-service/close", { method: "POST", body: {} });
      router.refresh();
      announceSessionChange();
    } catch (err) {
      onError(err);
    }
  };
  return (
    <Alert color="orange" radius={0} py="xs" role="status">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {t("customer-service-acting", { name: customerName, code: clientCode })}
        </Text>
        <Button size="xs" variant="white" color="dark" onClick={leave}>
          {t("customer-service-leave")}
        </Button>
      </Group>
    </Alert>
  );
}
