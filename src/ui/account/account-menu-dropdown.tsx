"use client";

import { Badge, Menu, Modal, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { api } from "@/ui/api";
import { useMenuIntent, type DeferredMenuProps } from "@/ui/shell/deferred-menu";
import { useApiErrorHandler } from "@/ui/use-api-error";
import type { AccountMenuProps } from "./account-menu";
import { RepresentativeCodeForm } from "./representative-code-form";
import { announceSessionChange } from "@/ui/shell/portal-session";

/** The account menu itself, loaded on first use of its trigger. */
export function AccountMenuDropdown({ trigger, intent, ...props }: AccountMenuProps & DeferredMenuProps) {
  const t = useTranslations("account");
  const ts = useTranslations("shell");
  const router = useRouter();
  const onError = useApiErrorHandler();
  const [opened, { open, close }] = useDisclosure(false);
  const ref = useMenuIntent(intent);

  const switchTo = async (customerId: string) => {
    try {
      await api("/api/me/active-customer", { method: "PUT", body: { customerId } });
      router.refresh();
      announceSessionChange();
    } catch (err) {
      onError(err);
    }
  };

  return (
    <>
      <Menu position="bottom-end" width={300} withinPortal>
        <Menu.Target>{trigger({ ref })}</Menu.Target>
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
          {props.settingsHref ? (
            <Menu.Item component={Link} href={props.settingsHref} data-testid="account-menu-settings">
              {ts("settings")}
            </Menu.Item>
          ) : null}
          {props.desk ? (
            <Menu.Item component={Link} href={props.desk.href} data-testid="account-menu-desk">
              {props.desk.label}
            </Menu.Item>
          ) : null}
          {props.admin ? (
            <Menu.Item component={Link} href={props.admin.href} data-testid="account-menu-admin">
              {props.admin.label}
            </Menu.Item>
          ) : null}
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
