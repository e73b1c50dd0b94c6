"use client";

import { Alert, Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { RelayCommand, RelayStatus } from "@/api/schemas/load-control";
import { formatter } from "@/i18n/format";
import { api, ApiError, randomId } from "@/ui/api";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useApiErrorHandler } from "@/ui/use-api-error";
import tableClasses from "@/ui/shared/table.module.css";

const OPEN = new Set(["pending", "sent"]);
const POLL_MS = 1000;

/**
 * One controllable relay: its confirmed state, switching it on or off now (off after a
 * confirmation) or on for tomorrow's cheapest hours, and the command followed until the meter
 * confirms or fails it. Only a confirmation changes the state shown.
 */
export function RelayControl({ relay, onOffAllowed, timeZone }: { relay: RelayStatus; onOffAllowed: boolean; timeZone: string }) {
  const t = useTranslations("load-control-pages");
  const tAll = useTranslations();
  const locale = useLocale();
  const f = formatter(locale, timeZone);
  const router = useRouter();
  const interactive = useHydrated();
  const onError = useApiErrorHandler();
  const [busy, setBusy] = useState(false);
  const [command, setCommand] = useState<RelayCommand | null>(relay.pending);
  const [state, setState] = useState(relay.state);
  const [hours, setHours] = useState("3");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const device = relay.device && t.has(`devices.${relay.device}` as never) ? t(`devices.${relay.device}` as never) : (relay.device ?? "");
  const headingId = `relay-${relay.gsrn}`;

  useEffect(() => {
    if (!command || !OPEN.has(command.state) || command.scheduledFor) return;
    timer.current = setTimeout(async () => {
      try {
        const next = await api<RelayCommand>(`/api/load-controls/connection-status/${command.id}`);
        setCommand(next);
        if (next.state === "confirmed") {
          setState(next.action);
          router.refresh();
        }
      } catch (err) {
        onError(err);
      }
    }, POLL_MS);
    return () => clearTimeout(timer.current);
  }, [command, onError, router]);

  const send = async (body: { action: "on" | "off"; mode: "now" | "cheapest-hours"; hours?: number }) => {
    setBusy(true);
    try {
      const answer = await api<RelayCommand>("/api/load-controls/change-control", { method: "POST", body: { gsrn: relay.gsrn, idempotencyKey: randomId().replace(/[^A-Za-z0-9]/g, ""), ...body } });
      setCommand(answer);
      if (answer.scheduledFor) router.refresh();
    } catch (err) {
      const field = err instanceof ApiError && err.status === 422 ? err.body?.error.details?.fields?.[0]?.message : undefined;
      if (field && tAll.has(field as never)) {
        notifications.show({ id: "api-error", color: "yellow", message: tAll(field as never) });
        return;
      }
      onError(err);
    } finally {
      setBusy(false);
    }
  };

  const switchOff = () =>
    modals.openConfirmModal({
      title: t("confirmOff.title"),
      children: <Text size="sm">{t("confirmOff.body", { device })}</Text>,
      labels: { confirm: t("confirmOff.confirm"), cancel: t("confirmOff.cancel") },
      confirmProps: { color: "red", "data-testid": "relay-off-confirm" } as never,
      onConfirm: () => void send({ action: "off", mode: "now" }),
    });

  const working = !!command && OPEN.has(command.state) && !command.scheduledFor;
  const progress = command && !command.scheduledFor ? command.state : null;

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby={headingId} data-testid="relay" data-interactive={interactive || undefined}>
      <Stack gap="md">
        <Title order={2} fz="lg" id={headingId}>
          {t("relay", { device, gsrn: relay.gsrn })}
        </Title>
        <Group gap="xs">
          <Text fw={600}>{t("state")}:</Text>
          <Badge color={state === "on" ? "green.8" : "gray.7"} variant="filled" data-testid="relay-state" data-state={state ?? ""}>
            {state === "on" ? t("stateOn") : t("stateOff")}
          </Badge>
          {relay.stateAt ? (
            <Text size="sm" c="dimmed">
              {t("stateSince", { time: f.dateTime(relay.stateAt) })}
            </Text>
          ) : null}
        </Group>
        {progress ? (
          <Alert
            role="status"
            color={progress === "confirmed" ? "green" : OPEN.has(progress) ? "blue" : "red"}
            variant="light"
            data-testid="relay-progress"
            data-state={progress}
            data-command={command!.id}
          >
            {OPEN.has(progress)
              ? t("progress.pending")
              : progress === "confirmed"
                ? command!.action === "on"
                  ? t("progress.confirmedOn")
                  : t("progress.confirmedOff")
                : progress === "timed_out"
                  ? t("progress.timed_out")
                  : t("progress.failed")}
          </Alert>
        ) : null}
        {onOffAllowed ? (
          <Group gap="sm">
            <Button onClick={() => void send({ action: "on", mode: "now" })} disabled={busy || working || state === "on"} data-testid="relay-on">
              {t("switchOn")}
            </Button>
            <Button color="red" variant="outline" onClick={switchOff} disabled={busy || working || state === "off"} data-testid="relay-off">
              {t("switchOff")}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t("onOffUnavailable")}
          </Text>
        )}
        <Stack gap="xs">
          <Title order={3} fz="md">
            {t("schedule.heading")}
          </Title>
          <Text size="sm">{t("schedule.help")}</Text>
          <Group gap="sm" align="flex-end">
            <NativeSelect
              label={t("schedule.hours")}
              value={hours}
              onChange={(e) => setHours(e.currentTarget.value)}
              data={["1", "2", "3", "4", "5", "6", "7", "8"]}
              w={100}
              data-testid="relay-hours"
            />
            <Button variant="default" onClick={() => void send({ action: "on", mode: "cheapest-hours", hours: Number(hours) })} disabled={busy || working} data-testid="relay-schedule">
              {t("schedule.submit")}
            </Button>
          </Group>
          {command?.scheduledFor ? (
            <Text size="sm" data-testid="relay-scheduled">
              {t("schedule.scheduled", { from: f.dateTime(command.scheduledFor), to: f.dateTime(new Date(Date.parse(command.scheduledFor) + Number(hours) * 3_600_000).toISOString()) })}
            </Text>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The latest commands of a relay: when, what, how it ended, and whether customer service gave it. */
export function RelayHistory({ relay, timeZone }: { relay: RelayStatus; timeZone: string }) {
  const t = useTranslations("load-control-pages");
  const locale = useLocale();
  const f = formatter(locale, timeZone);
  if (!relay.commands.length) return <Text c="dimmed">{t("history.none")}</Text>;
  return (
    <div style={{ overflowX: "auto" }} tabIndex={0}>
      <table className={tableClasses.table} data-spacing="xs" data-striped data-testid="relay-history">
        <caption>{t("history.heading")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("history.time")}</th>
            <th scope="col">{t("history.action")}</th>
            <th scope="col">{t("history.state")}</th>
          </tr>
        </thead>
        <tbody>
          {relay.commands.map((c) => (
            <tr key={c.id}>
              <td>{f.dateTime(c.scheduledFor ?? c.createdAt)}</td>
              <td>
                {t(`actions.${c.action}`)}
                {c.byCustomerService ? ` (${t("history.byStaff")})` : ""}
              </td>
              <td>{t(`states.${c.state}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
