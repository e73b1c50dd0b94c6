"use client";

import { Text } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { modals } from "@mantine/modals";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { APP_VERSION } from "@/lib/version";
import type { Session } from "@/api/schemas/session";
import { decryptDraft, deriveDraftKey, draftSlot, draftStorageKey, encryptDraft, parseSavedDraft, type SavedDraft } from "./form-draft-crypto";

const SAVE_DELAY_MS = 400;

interface DraftContext {
  key: CryptoKey;
  slot: string;
}

/** The session's draft token and identity (GET /api/session); null when signed out or offline (spec §8). */
async function draftContext(formKey: string): Promise<DraftContext | null> {
  try {
    const res = await fetch("/api/session", { credentials: "same-origin" });
    if (!res.ok) return null;
    const s = (await res.json()) as Session;
    if (!s.token) return null;
    const [key, slot] = await Promise.all([deriveDraftKey(s.token, formKey), draftSlot(s.token, s.user?.ssn ?? null, s.userOrRepresentativeCode)]);
    return { key, slot };
  } catch {
    return null;
  }
}

function readSaved(formKey: string): SavedDraft | null {
  try {
    return parseSavedDraft(sessionStorage.getItem(draftStorageKey(formKey)));
  } catch {
    return null;
  }
}

function writeSlot(formKey: string, slot: string, payload: string | null) {
  try {
    const saved = readSaved(formKey);
    const values = saved && saved.version === APP_VERSION ? { ...saved.values } : {};
    if (payload === null) delete values[slot];
    else values[slot] = payload;
    if (!Object.keys(values).length) sessionStorage.removeItem(draftStorageKey(formKey));
    else sessionStorage.setItem(draftStorageKey(formKey), JSON.stringify({ timestamp: Date.now(), version: APP_VERSION, values } satisfies SavedDraft));
  } catch {
    // Storage full or disabled: drafts are a convenience only.
  }
}

/**
 * Keeps an unsent form's values in session storage, encrypted with the session's draft token
 * (spec §3, §4), and on return offers to restore them in a confirm dialog. A draft from another
 * app version, one that cannot be decrypted, or one equal to the form's values is not offered.
 *
 * Works with Mantine forms in the default controlled mode; an uncontrolled form can call
 * `save(values)` from its `onValuesChange`. Call `clear()` after a successful submit: it drops
 * the draft and resets the form.
 */
export function useFormDraft<Values extends Record<string, unknown>>(formKey: string, form: UseFormReturnType<Values, any>) {
  const t = useTranslations("shared.draft");
  const ctx = useRef<DraftContext | null>(null);
  const [ready, setReady] = useState(false);
  const [restored, setRestored] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const formRef = useRef(form);
  useEffect(() => {
    formRef.current = form;
  });

  useEffect(() => {
    let stopped = false;
    void (async () => {
      const c = await draftContext(formKey);
      if (stopped || !c) return;
      ctx.current = c;
      const saved = readSaved(formKey);
      const payload = saved?.version === APP_VERSION ? saved.values[c.slot] : undefined;
      const values = payload ? await decryptDraft<Values>(c.key, payload) : null;
      if (stopped) return;
      if (payload && !values) writeSlot(formKey, c.slot, null);
      const current = JSON.stringify(formRef.current.getValues());
      if (!values || JSON.stringify(values) === current) {
        setReady(true);
        return;
      }
      modals.openConfirmModal({
        modalId: `restore-draft-${formKey}`,
        title: t("title"),
        children: <Text size="sm">{t("description")}</Text>,
        labels: { confirm: t("confirm"), cancel: t("cancel") },
        confirmProps: { "data-testid": "draft-restore" } as never,
        cancelProps: { "data-testid": "draft-discard" } as never,
        closeOnClickOutside: false,
        onConfirm: () => {
          formRef.current.setValues(values);
          formRef.current.setDirty(Object.fromEntries(Object.keys(values).map((k) => [k, true])));
          setRestored(true);
          setReady(true);
        },
        onCancel: () => {
          writeSlot(formKey, c.slot, null);
          setReady(true);
        },
      });
    })();
    return () => {
      stopped = true;
    };
  }, [formKey, t]);

  const save = useCallback(
    (values: Values) => {
      const c = ctx.current;
      if (!c) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void encryptDraft(c.key, values).then((payload) => writeSlot(formKey, c.slot, payload));
      }, SAVE_DELAY_MS);
    },
    [formKey],
  );

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    if (ctx.current) writeSlot(formKey, ctx.current.slot, null);
    formRef.current.reset();
    setRestored(false);
  }, [formKey]);

  // Controlled forms re-render on every change: save what changed, drop the draft when nothing did.
  const serialized = JSON.stringify(form.getValues());
  const dirty = form.isDirty();
  useEffect(() => {
    if (!ready || !ctx.current) return;
    if (dirty) save(JSON.parse(serialized) as Values);
    else {
      clearTimeout(timer.current);
      writeSlot(formKey, ctx.current.slot, null);
    }
  }, [ready, serialized, dirty, save, formKey]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return { ready, restored, save, clear };
}
