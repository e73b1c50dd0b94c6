"use client";

import { Badge, Menu, Modal, Stack, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { api } from "@/ui/api";
import { RepresentativeCodeForm } from "./representative-code-form";
import { useApiErrorHandler } from "@/ui/use-api-error";

export interface AccountCustomer {
  id: string;
  name: string;
  clientCode: string;
  role: "owner" | "representative" | "customer_service";
}

/** Whose account the person is in, switching between the customers they may act for, and adding one by code. */
export function AccountMenu(props: { personName: string; active: AccountCustomer | null; customers: AccountCustomer[]; signOutHref: string }) {
  const t = useTranslations("account");
  const router = useRouter();
  const onError = useApiErrorHandler();
  const [opened, { open, close }] = useDisclosure(false);

  const switchTo = async (customerId: string) => {
    try {
      await api("/api/me/active-customer", { method: "PUT", body: { customerId } });
      router.refresh();
    } catch (err) {
      onError(err);
    }
  };

  return (
    <>
      <Menu position="bottom-end" width={300} withinPortal>
        <Menu.Target>
          <UnstyledButton style={{ color: "var(--portal-header-text)" }} p={6} data-testid="account-menu">
            <Stack gap={0} align="flex-end">
              <Text size="sm" fw={600} lh={1.2}>
                {props.personName}
              </Text>
              {props.active ? (
                <Text size="xs" lh={1.2} data-testid="active-customer">
                  {props.active.name} · {props.active.clientCode}
                </Text>
              ) : null}
            </Stack>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t("acting-for")}</Menu.Label>
          {props.customers.map((c) => (
            <Menu.Item
              key={c.id}
              onClick={() => c.id !== props.active?.id && switchTo(c.id)}
              aria-current={c.id === props.active?.id ? "true" : undefined}
              rightSection={c.id === props.active?.id ? <Badge size="xs">{t("active")}</Badge> : null}
            >
              <Text size="sm">{c.name}</Text>
              <Text size="xs" c="dimmed">
                {c.clientCode} · {t(`role.${c.role}`)}
              </Text>
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={open}>{t("add-representation")}</Menu.Item>
          <Menu.Item component="a" href={props.signOutHref}>
            {t("sign-out")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={opened} onClose={close} title={t("add-representation")} centered>
        <RepresentativeCodeForm onDone={close} onCancel={close} />
      </Modal>
    </>
  );
}
