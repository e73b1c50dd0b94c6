"use client";

import { Alert, Paper, Stack, Switch, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { PushConfiguration, PushInfo, SetPushToken } from "@/api/schemas/notifications";
import { api } from "@/ui/api";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useApiErrorHandler } from "@/ui/use-api-error";

type Permission = "default" | "granted" | "denied" | "unsupported";

/** A subscription older than this is renewed (spec §9: push token refresh after 7 days). */
const RENEW_AFTER_MS = 7 * 86_400_000;

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  return navigator.serviceWorker.ready;
}

async function register(sub: PushSubscription, enabled: boolean): Promise<PushInfo> {
  const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  const body: SetPushToken = { token: { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } }, enabled };
  return api<PushInfo>("/api/notifications/set-token", { method: "POST", body });
}

/**
 * What the browser supports and allows, and whether push is on for this device; a subscription
 * older than 7 days is renewed here, with the same choice (spec §4, §9).
 */
async function readPushState(onError: (err: unknown) => void): Promise<{ permission: Permission; enabled: boolean }> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return { permission: "unsupported", enabled: false };
  const permission = Notification.permission;
  try {
    const reg = await registration();
    let sub = await reg.pushManager.getSubscription();
    if (!sub || permission !== "granted") return { permission, enabled: false };
    const info = await api<PushInfo>(`/api/notifications/customer-info?endpoint=${encodeURIComponent(sub.endpoint)}`);
    const age = info.tokenUpdatedAt ? Date.now() - Date.parse(info.tokenUpdatedAt) : Infinity;
    if (!info.enabled || age <= RENEW_AFTER_MS) return { permission, enabled: info.enabled };
    const { vapidKey } = await api<PushConfiguration>("/api/notifications/configuration");
    await sub.unsubscribe();
    sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidKey) });
    return { permission, enabled: (await register(sub, true)).enabled };
  } catch (err) {
    onError(err);
    return { permission, enabled: false };
  }
}

/**
 * Push notifications on this device (spec §4 push permission): default, granted or denied. Turning
 * push on asks for permission, subscribes with the site's VAPID key and registers the subscription
 * as enabled; turning it off registers it as disabled, and does nothing while permission is still
 * default. A subscription older than 7 days is renewed on the next visit; after each change the
 * customer's notification info is read again.
 */
export function PushPanel() {
  const t = useTranslations("notifications-pages.push");
  const router = useRouter();
  const onError = useApiErrorHandler();
  const hydrated = useHydrated();
  const [permission, setPermission] = useState<Permission>("default");
  const [enabled, setEnabled] = useState(false);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    void readPushState(onError).then((state) => {
      if (!alive) return;
      setPermission(state.permission);
      setEnabled(state.enabled);
      setReady(true);
    });
    return () => {
      alive = false;
    };
  }, [onError]);

  const change = async (on: boolean) => {
    if (permission === "unsupported" || permission === "denied") return;
    // Spec §4: turning push off while permission is still default does nothing.
    if (!on && Notification.permission === "default") return;
    setBusy(true);
    try {
      if (on && Notification.permission !== "granted") {
        const answer = await Notification.requestPermission();
        setPermission(answer);
        if (answer !== "granted") return;
      }
      const reg = await registration();
      let sub = await reg.pushManager.getSubscription();
      if (!sub && !on) return;
      if (!sub) {
        const { vapidKey } = await api<PushConfiguration>("/api/notifications/configuration");
        sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidKey) });
      }
      const info = await register(sub, on);
      setEnabled(info.enabled);
      notifications.show({ id: "push-saved", color: "green", message: on ? t("turned-on") : t("turned-off") });
      router.refresh();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };

  const interactive = hydrated && ready;
  return (
    <Paper withBorder p="md" data-testid="push-panel" data-interactive={interactive || undefined} data-permission={permission} data-enabled={enabled ? "true" : "false"}>
      <Stack gap="sm">
        <Text size="sm">{t("intro")}</Text>
        {permission === "denied" ? (
          <Alert color="yellow" title={t("denied-title")}>
            {t("denied")}
          </Alert>
        ) : null}
        {permission === "unsupported" ? (
          <Alert color="gray" title={t("unsupported-title")}>
            {t("unsupported")}
          </Alert>
        ) : null}
        <Switch
          label={t("switch")}
          description={t(`state.${permission}` as never)}
          checked={enabled}
          disabled={!interactive || busy || permission === "denied" || permission === "unsupported"}
          onChange={(e) => void change(e.currentTarget.checked)}
          data-testid="push-switch"
        />
      </Stack>
    </Paper>
  );
}
