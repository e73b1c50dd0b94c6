"use client";

import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useState } from "react";
import type { Contact, ContactInput, ContactList, ContactType } from "@/api/schemas/settings";
import { api } from "@/ui/api";
import { EmptyState } from "@/ui/shared/empty-state";
import { useHydrated } from "@/ui/shared/use-hydrated";
import type { ContactSubmit } from "./contact-form";
import { ContactVerify } from "./contact-verify";
import { useFieldErrors } from "./use-field-errors";
import classes from "./settings.module.css";

/** A contact with its value as it is read: phone numbers in international form ("+358 40 1234567"). */
export type ShownContact = Contact & { shown: string };

/**
 * The form, with the phone number library it parses local numbers with: loaded when a contact is
 * added or changed, not with the page (the page's server formats the numbers it shows).
 */
const loadForm = () => import("./contact-form").then((m) => m.ContactForm);
const ContactForm = dynamic(loadForm, { ssr: false });

/** The list of an answer, read as the page shows it (the phone library comes with the form's code). */
async function shownContacts(contacts: Contact[]): Promise<ShownContact[]> {
  const { formatPhoneInternational } = await import("@/lib/settings/phone");
  return contacts.map((c) => ({ ...c, shown: c.type === "Email" ? c.value : formatPhoneInternational(c.value) }));
}

const toInput = (c: Contact): ContactInput => ({ id: c.id, type: c.type, value: c.value, primary: c.primary });

const contactValue = (c: ShownContact) => c.shown;

/**
 * The customer's e-mail addresses and phone numbers (spec §3 contact types Email, Phone, Gsm):
 * add, change, remove, make primary, and confirm a new e-mail with the code mailed to it. Every
 * change sends the whole list (PUT /api/me/contacts) and refreshes the page's data (spec §4:
 * contacts refresh contacts and notification data).
 */
export function ContactsManager({
  customerId,
  contacts,
  canEdit,
  phonesAllowed,
  country,
  notice,
}: {
  customerId: string;
  contacts: ShownContact[];
  canEdit: boolean;
  phonesAllowed: boolean;
  country: string;
  /** The outcome of the verification link of a mail, which returns here (`?verified=` or `?verification=failed`). */
  notice?: "verified" | "failed" | null;
}) {
  const t = useTranslations("settings-pages.contacts");
  const tf = useTranslations("settings-pages.form");
  const router = useRouter();
  const interactive = useHydrated();
  const fieldErrors = useFieldErrors();
  // The list of the last answer, until the page's own data (refreshed) catches up.
  const [local, setLocal] = useState<{ source: ShownContact[]; list: ShownContact[] } | null>(null);
  const list = local && local.source === contacts ? local.list : contacts;
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const types: ContactType[] = phonesAllowed ? ["Email", "Gsm", "Phone"] : ["Email"];
  const shown = list.filter((c) => types.includes(c.type));

  const apply = async (next: Contact[]) => {
    setLocal({ source: contacts, list: await shownContacts(next) });
    router.refresh();
  };

  /** Sends the whole list; the field errors of the contact at `index` come back to its form. */
  const put = async (next: ContactInput[], index?: number): Promise<{ value?: string; form?: string[] } | null> => {
    try {
      const answer = await api<ContactList>("/api/me/contacts", { method: "PUT", body: { contacts: next } });
      await apply(answer.contacts);
      return null;
    } catch (err) {
      const errors = fieldErrors(err);
      if (!errors) return { form: [] };
      const own = index === undefined ? undefined : Object.entries(errors).find(([path]) => path.startsWith(`contacts.${index}.`))?.[1];
      const rest = Object.entries(errors)
        .filter(([path]) => index === undefined || !path.startsWith(`contacts.${index}.`))
        .map(([, message]) => message);
      return { value: own, form: rest };
    }
  };

  const add: ContactSubmit = async (values) => {
    const next = [...list.map(toInput), { type: values.type, value: values.value, primary: values.primary }];
    if (values.primary) for (const c of next.slice(0, -1)) if (c.type === values.type) c.primary = false;
    const result = await put(next, next.length - 1);
    if (!result) notifications.show({ id: "settings-saved", color: "green", title: tf("saved-title"), message: values.type === "Email" ? t("added-email") : t("added") });
    return result;
  };

  const change =
    (contact: ShownContact): ContactSubmit =>
    async (values) => {
      const index = list.findIndex((c) => c.id === contact.id);
      const next = list.map((c) =>
        c.id === contact.id ? { ...toInput(c), value: values.value, primary: c.primary || values.primary } : { ...toInput(c), primary: values.primary && c.type === contact.type ? false : c.primary },
      );
      const result = await put(next, index);
      if (!result)
        notifications.show({ id: "settings-saved", color: "green", title: tf("saved-title"), message: contact.type === "Email" && values.value !== contact.value ? t("added-email") : t("changed") });
      return result;
    };

  const report = (result: { form?: string[] } | null) => {
    if (result?.form?.length) notifications.show({ id: "api-error", color: "yellow", message: result.form.join(" ") });
  };

  const makePrimary = async (contact: ShownContact) => {
    setBusy(contact.id);
    const result = await put(list.map((c) => ({ ...toInput(c), primary: c.type === contact.type ? c.id === contact.id : c.primary })));
    setBusy(null);
    report(result);
    if (!result) notifications.show({ id: "settings-saved", color: "green", title: tf("saved-title"), message: t("primary-done", { value: contactValue(contact) }) });
  };

  const remove = (contact: ShownContact) =>
    modals.openConfirmModal({
      title: t("remove-title"),
      children: <Text size="sm">{t("remove-confirm", { value: contactValue(contact) })}</Text>,
      labels: { confirm: t("remove"), cancel: tf("cancel") },
      confirmProps: { color: "red", "data-testid": "contact-remove-confirm" } as never,
      onConfirm: async () => {
        setBusy(contact.id);
        const result = await put(list.filter((c) => c.id !== contact.id).map(toInput));
        setBusy(null);
        report(result);
        if (!result) notifications.show({ id: "settings-saved", color: "green", title: tf("saved-title"), message: t("removed", { value: contactValue(contact) }) });
      },
    });

  const reload = async () => {
    try {
      await apply((await api<ContactList>("/api/me/contacts")).contacts);
    } catch {
      router.refresh();
    }
  };

  const groups: { key: string; title: string; types: ContactType[] }[] = [
    { key: "email", title: t("emails"), types: ["Email"] },
    ...(phonesAllowed ? [{ key: "phone", title: t("phones"), types: ["Gsm", "Phone"] as ContactType[] }] : []),
  ];

  return (
    <Stack gap="lg" data-testid="contacts" data-interactive={interactive || undefined}>
      {notice ? (
        <Alert
          color={notice === "verified" ? "green" : "yellow"}
          variant="outline"
          classNames={{ message: classes.plainMessage }}
          title={notice === "verified" ? t("link-verified-title") : t("link-failed-title")}
          data-testid={`contacts-notice-${notice}`}
        >
          {notice === "verified" ? t("link-verified") : t("link-failed")}
        </Alert>
      ) : null}
      {groups.map((group) => {
        const items = shown.filter((c) => group.types.includes(c.type));
        return (
          <Stack gap="sm" key={group.key} component="section" aria-labelledby={`contacts-${group.key}`}>
            <Title order={3} id={`contacts-${group.key}`}>
              {group.title}
            </Title>
            {items.length ? (
              <Stack component="ul" gap="sm" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-labelledby={`contacts-${group.key}`}>
                {items.map((c) => (
                  <li key={c.id} data-testid="contact" data-type={c.type} data-value={c.value}>
                    {editing === c.id ? (
                      <ContactForm customerId={customerId} contact={c} types={types} country={country} onSubmit={change(c)} onDone={() => setEditing(null)} />
                    ) : (
                      <Paper withBorder p="md">
                        <Stack gap="sm">
                          <Group justify="space-between" wrap="wrap" gap="xs">
                            <Stack gap={2} className={classes.wrapAnywhere}>
                              <Text fw={600} data-testid="contact-value-shown" translate="no" className={classes.wrapAnywhere}>
                                {contactValue(c)}
                              </Text>
                              <Text size="sm" c="dimmed">
                                {t(`types.${c.type}`)}
                              </Text>
                            </Stack>
                            <Group gap={6}>
                              {c.primary ? (
                                <Badge variant="default" data-testid="contact-primary">
                                  {t("primary")}
                                </Badge>
                              ) : null}
                              {c.type === "Email" ? (
                                c.verified ? (
                                  <Badge variant="default" data-testid="contact-verified">
                                    {t("verified")}
                                  </Badge>
                                ) : (
                                  <Badge variant="default" data-testid="contact-unverified">
                                    {t("unverified")}
                                  </Badge>
                                )
                              ) : null}
                            </Group>
                          </Group>
                          {c.type === "Email" && !c.verified && canEdit ? <ContactVerify contactId={c.id} email={c.value} onVerified={reload} /> : null}
                          {canEdit ? (
                            <Group gap="xs" wrap="wrap">
                              <Button size="xs" variant="default" onClick={() => setEditing(c.id)} aria-label={t("edit-of", { value: contactValue(c) })}>
                                {t("edit")}
                              </Button>
                              {c.primary ? null : (
                                <Button size="xs" variant="default" loading={busy === c.id} onClick={() => makePrimary(c)} aria-label={t("make-primary-of", { value: contactValue(c) })}>
                                  {t("make-primary")}
                                </Button>
                              )}
                              <Button size="xs" variant="default" onClick={() => remove(c)} aria-label={t("remove-of", { value: contactValue(c) })} data-testid="contact-remove">
                                {t("remove")}
                              </Button>
                            </Group>
                          ) : null}
                        </Stack>
                      </Paper>
                    )}
                  </li>
                ))}
              </Stack>
            ) : (
              <EmptyState titleOrder={4} title={group.key === "email" ? t("no-emails") : t("no-phones")} data-testid={`contacts-empty-${group.key}`} />
            )}
          </Stack>
        );
      })}
      {canEdit ? (
        editing === "new" ? (
          <ContactForm customerId={customerId} types={types} country={country} onSubmit={add} onDone={() => setEditing(null)} />
        ) : (
          <Group>
            <Button onClick={() => setEditing("new")} onPointerEnter={() => void loadForm()} onFocus={() => void loadForm()} data-testid="contact-add">
              {t("add-contact")}
            </Button>
          </Group>
        )
      ) : (
        <Alert variant="default" classNames={{ message: classes.plainMessage }}>
          {t("read-only")}
        </Alert>
      )}
    </Stack>
  );
}
