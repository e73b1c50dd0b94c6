"use client";

import { Button, Group, NativeSelect, Paper, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { StaffRef, TicketStatus } from "@/api/schemas/support";
import { api } from "@/ui/api";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useApiErrorHandler } from "@/ui/use-api-error";

/**
 * What customer service does with a ticket: assign it (to themselves, a colleague or back to the
 * queue), move it to another status the rules allow, and open the customer's account in
 * customer-service mode (audited) to see what the customer sees.
 */
export function TicketActions({
  ticketId,
  status,
  assignee,
  staff,
  allowedStatuses,
  clientCode,
  accountHref,
}: {
  ticketId: string;
  status: TicketStatus;
  assignee: StaffRef | null;
  staff: (StaffRef & { isMe: boolean })[];
  allowedStatuses: TicketStatus[];
  clientCode: string;
  /** Where the customer's account opens: this ticket as the customer sees it. */
  accountHref: string;
}) {
  const t = useTranslations("desk");
  const interactive = useHydrated();
  const router = useRouter();
  const onError = useApiErrorHandler();
  const me = staff.find((s) => s.isMe) ?? null;
  const [assignTo, setAssignTo] = useState(assignee?.id ?? "");
  const [nextStatus, setNextStatus] = useState("");
  const [busy, setBusy] = useState<"assign" | "status" | "account" | null>(null);
  const closed = status === "RESOLVED" || status === "CANCELLED";

  const run = async (what: "assign" | "status" | "account", call: () => Promise<void>) => {
    setBusy(what);
    try {
      await call();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(null);
    }
  };

  const assign = (id: string) =>
    run("assign", async () => {
      await api(`/api/desk/tickets/${encodeURIComponent(ticketId)}/assign`, { method: "POST", body: { assigneeId: id || null } });
      const person = staff.find((s) => s.id === id);
      notifications.show({
        id: "desk-assigned",
        color: "green",
        message: person ? t("actions.assigned", { name: person.name }) : t("actions.unassigned"),
        closeButtonProps: { "aria-label": t("close-notice") },
      });
      router.refresh();
    });

  const changeStatus = () =>
    run("status", async () => {
      if (!nextStatus) return;
      await api(`/api/desk/tickets/${encodeURIComponent(ticketId)}/status`, { method: "POST", body: { status: nextStatus } });
      notifications.show({
        id: "desk-status",
        color: "green",
        message: t("actions.status-changed", { status: t(`status.${nextStatus as TicketStatus}`) }),
        closeButtonProps: { "aria-label": t("close-notice") },
      });
      setNextStatus("");
      router.refresh();
    });

  const openAccount = () =>
    run("account", async () => {
      await api("/api/customer-service/open", { method: "POST", body: { clientCode } });
      // The session now acts for the customer: load the page afresh with it.
      window.location.assign(accountHref);
    });

  const staffOptions = [
    ...(me ? [{ value: me.id, label: t("actions.assign-me", { name: me.name }) }] : []),
    ...staff.filter((s) => !s.isMe).map((s) => ({ value: s.id, label: s.name })),
    { value: "", label: t("actions.assign-nobody") },
  ];

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="actions-heading" data-testid="ticket-actions" data-interactive={interactive || undefined}>
      <Stack gap="md">
        <Title order={2} size="h3" id="actions-heading">
          {t("actions.heading")}
        </Title>
        {closed ? (
          <Text size="sm" data-testid="assign-closed">
            {t("actions.assign-closed")}
          </Text>
        ) : (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NativeSelect
              label={t("actions.assign-label")}
              value={assignTo}
              onChange={(e) => setAssignTo(e.currentTarget.value)}
              data={staffOptions}
              w={{ base: "100%", xs: 260 }}
              data-testid="assign-select"
            />
            <Button variant="default" onClick={() => void assign(assignTo)} loading={busy === "assign"} disabled={assignTo === (assignee?.id ?? "")} data-testid="assign-submit">
              {t("actions.assign")}
            </Button>
            {me && assignee?.id !== me.id ? (
              <Button onClick={() => void assign(me.id)} loading={busy === "assign"} data-testid="assign-me">
                {t("actions.assign-to-me")}
              </Button>
            ) : null}
          </Group>
        )}
        {allowedStatuses.length ? (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NativeSelect
              label={t("actions.status-label")}
              value={nextStatus}
              onChange={(e) => setNextStatus(e.currentTarget.value)}
              data={[{ value: "", label: t("actions.status-placeholder") }, ...allowedStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
              w={{ base: "100%", xs: 260 }}
              data-testid="status-select"
            />
            <Button variant="default" onClick={() => void changeStatus()} loading={busy === "status"} disabled={!nextStatus} data-testid="status-submit">
              {t("actions.status-change")}
            </Button>
          </Group>
        ) : (
          <Text size="sm">{t("actions.status-none")}</Text>
        )}
        <Stack gap={4}>
          <Group>
            <Button variant="outline" onClick={() => void openAccount()} loading={busy === "account"} data-testid="open-account">
              {t("actions.open-account")}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t("actions.open-account-help")}
          </Text>
        </Stack>
      </Stack>
    </Paper>
  );
}
