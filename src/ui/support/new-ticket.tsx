"use client";

import { Button, Group, NativeSelect, Paper, Radio, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import type { SupportOption, SupportRequest, SupportSubtypeList, TicketSubjectRef, TicketSummary } from "@/api/schemas/support";
import { api } from "@/ui/api";
import { useFormDraft } from "@/ui/shared/use-form-draft";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useLeaveGuard } from "@/ui/shared/use-leave-guard";
import { useApiErrorHandler } from "@/ui/use-api-error";
import { AttachmentsField, type FormAttachment } from "./attachments-field";
import { useFieldErrors } from "./form-errors";
import { PlusIcon } from "@/ui/shared/line-icons";
import { MESSAGE_LIMIT, NAME_LIMIT } from "./limits";
import classes from "./support.module.css";

/** Something a ticket can be about, as the page lists it: its kind, id and a label. */
export interface SubjectOption {
  kind: TicketSubjectRef["kind"];
  id: string;
  label: string;
}

export type RequestKind = "general" | SupportRequest["kind"];

interface Values extends Record<string, unknown> {
  kind: RequestKind;
  topicCode: string;
  subtypeCode: string;
  name: string;
  message: string;
  channelCode: string;
  subject: string;
  attachments: FormAttachment[];
  usagePointId: string;
  reading: string;
  readAt: string;
  contractId: string;
  newPayerName: string;
  newPayerCode: string;
  newPayerEmail: string;
  startDate: string;
  invoiceNumber: string;
  question: string;
  extra: string;
}

const EMPTY: Values = {
  kind: "general",
  topicCode: "",
  subtypeCode: "",
  name: "",
  message: "",
  channelCode: "",
  subject: "",
  attachments: [],
  usagePointId: "",
  reading: "",
  readAt: "",
  contractId: "",
  newPayerName: "",
  newPayerCode: "",
  newPayerEmail: "",
  startDate: "",
  invoiceNumber: "",
  question: "",
  extra: "",
};

/** The form fields of each kind, in order: what must be filled in, and where the API's field errors go. */
const REQUIRED: Record<RequestKind, (keyof Values)[]> = {
  general: ["topicCode", "subtypeCode", "name", "message"],
  "meter-reading": ["usagePointId", "reading", "readAt"],
  "payer-change": ["contractId", "newPayerName", "newPayerCode", "newPayerEmail", "startDate"],
  "invoice-question": ["invoiceNumber", "question"],
};

/** API field → form field, where they differ. */
const FIELD_OF: Record<RequestKind, Record<string, keyof Values>> = {
  general: { attachmentIds: "attachments" },
  "meter-reading": { message: "extra" },
  "payer-change": { message: "extra" },
  "invoice-question": {},
};

const STRUCTURED: SupportRequest["kind"][] = ["meter-reading", "payer-change", "invoice-question"];

/** The body of POST /api/support/send for a structured request. */
function requestBody(v: Values): SupportRequest {
  const extra = v.extra.trim() ? { message: v.extra } : {};
  switch (v.kind) {
    case "meter-reading":
      return { kind: "meter-reading", usagePointId: v.usagePointId, reading: Number(v.reading.replace(",", ".").replace(/\s/g, "")), readAt: v.readAt, ...extra };
    case "payer-change":
      return { kind: "payer-change", contractId: v.contractId, newPayerName: v.newPayerName, newPayerCode: v.newPayerCode, newPayerEmail: v.newPayerEmail, startDate: v.startDate, ...extra };
    default:
      return { kind: "invoice-question", invoiceNumber: v.invoiceNumber, question: v.question };
  }
}

function subjectRef(value: string): TicketSubjectRef | undefined {
  const at = value.indexOf(":");
  if (at < 0) return undefined;
  return { kind: value.slice(0, at) as TicketSubjectRef["kind"], id: value.slice(at + 1) };
}

/**
 * A new ticket: the button that opens the form and the form itself. A general ticket has a topic,
 * a type of request (loaded per topic in the page's locale), a title, the message, a preferred
 * channel, what it is about and attachments. With advanced support the form also offers the
 * structured requests, each with its own fields. Sending refreshes the ticket list (spec §4).
 */
export function NewTicket({
  topics,
  channels,
  subjects,
  advanced,
  usagePoints,
  contracts,
  invoices,
  locale,
  today,
}: {
  topics: SupportOption[];
  channels: SupportOption[];
  subjects: SubjectOption[];
  advanced: boolean;
  usagePoints: { id: string; label: string }[];
  contracts: { id: string; label: string }[];
  invoices: { number: string; label: string }[];
  locale: string;
  /** The site's date today (YYYY-MM-DD), for the date fields' limits. */
  today: string;
}) {
  const t = useTranslations("support-pages");
  const interactive = useHydrated();
  const router = useRouter();
  const onError = useApiErrorHandler();
  const fieldErrors = useFieldErrors();
  const [opened, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [subtypes, setSubtypes] = useState<Record<string, SupportOption[] | "failed">>({});
  const panelId = useId();
  const headingId = useId();
  const firstField = useRef<HTMLSelectElement & HTMLInputElement>(null);

  const required = (field: keyof Values) => (value: unknown, values: Values) => (REQUIRED[values.kind].includes(field) && (typeof value !== "string" || !value.trim()) ? t("new.required") : null);
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: Object.fromEntries(Object.keys(EMPTY).map((k) => [k, required(k as keyof Values)])),
  });
  const draft = useFormDraft("support-new-ticket", form);
  const guard = useLeaveGuard(form.isDirty());
  const v = form.values;

  // A restored draft is shown at once.
  const open = opened || draft.restored;

  // The types of request of the chosen topic, in the page's locale, loaded once per topic.
  const topicCode = v.topicCode;
  const known: SupportOption[] | "failed" | undefined = topicCode ? subtypes[topicCode] : undefined;
  const loaded = topicCode ? (known ?? "loading") : undefined;
  const requested = useRef(new Set<string>());
  useEffect(() => {
    if (!topicCode || requested.current.has(topicCode)) return;
    requested.current.add(topicCode);
    const q = new URLSearchParams({ locale, topicCode });
    api<SupportSubtypeList>(`/api/support/subtypes?${q}`)
      .then((res) => setSubtypes((s) => ({ ...s, [topicCode]: res.subtypes.filter((x) => x.topicCode === topicCode).map(({ code, name }) => ({ code, name })) })))
      .catch((err: unknown) => {
        setSubtypes((s) => ({ ...s, [topicCode]: "failed" }));
        onError(err);
      });
  }, [topicCode, locale, onError]);

  const subtypeList = Array.isArray(loaded) ? loaded : [];
  const subtypeNote = !topicCode ? t("new.subtype-first-topic") : loaded === "loading" ? t("new.subtype-loading") : Array.isArray(loaded) && !loaded.length ? t("new.subtype-none") : undefined;

  const show = () => {
    setOpen(true);
    requestAnimationFrame(() => firstField.current?.focus());
  };

  const discard = () => {
    const close = () => {
      guard.release();
      draft.clear();
      setOpen(false);
    };
    if (!form.isDirty()) return close();
    modals.openConfirmModal({
      title: t("new.discard-title"),
      children: <Text size="sm">{t("new.discard-message")}</Text>,
      labels: { confirm: t("new.discard-confirm"), cancel: t("new.discard-cancel") },
      confirmProps: { color: "red", "data-testid": "discard-confirm" } as never,
      onConfirm: close,
    });
  };

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      let ticket: Pick<TicketSummary, "id" | "number">;
      if (values.kind === "general") {
        const subject = subjectRef(values.subject);
        ticket = await api<TicketSummary>("/api/me/support/tickets", {
          method: "POST",
          body: {
            name: values.name,
            subtypeCode: values.subtypeCode,
            message: values.message,
            topicCode: values.topicCode,
            ...(values.channelCode ? { channelCode: values.channelCode } : {}),
            ...(subject ? { subject } : {}),
            ...(values.attachments.length ? { attachmentIds: values.attachments.map((a) => a.id) } : {}),
          },
        });
      } else {
        ticket = await api<TicketSummary>("/api/support/send", { method: "POST", body: requestBody(values) });
      }
      guard.release();
      draft.clear();
      setOpen(false);
      notifications.show({
        id: "support-ticket-sent",
        color: "green",
        title: t("new.sent-title"),
        message: t("new.sent", { number: ticket.number }),
        closeButtonProps: { "aria-label": t("close-notice") },
      });
      // Spec §4: creating a ticket refreshes the ticket list.
      router.refresh();
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields) {
        const map = FIELD_OF[values.kind];
        form.setErrors(Object.fromEntries(Object.entries(fields).map(([path, message]) => [map[path] ?? path, message])));
      } else onError(err);
    } finally {
      setBusy(false);
    }
  };

  const select = (placeholder: string, items: { value: string; label: string }[]) => [{ value: "", label: placeholder }, ...items];
  const kinds: RequestKind[] = advanced ? ["general", ...STRUCTURED] : ["general"];
  const subjectData = [
    { value: "", label: t("new.subject-placeholder") },
    ...(["contract", "usage-point", "invoice"] as const)
      .map((kind) => ({ group: t(`new.subject-groups.${kind}`), items: subjects.filter((s) => s.kind === kind).map((s) => ({ value: `${s.kind}:${s.id}`, label: s.label })) }))
      .filter((g) => g.items.length),
  ];

  return (
    <Stack gap="md" data-testid="new-ticket">
      <Group>
        <Button leftSection={<PlusIcon size={16} />} onClick={show} aria-expanded={open} aria-controls={panelId} data-testid="new-ticket-open" data-interactive={interactive || undefined}>
          {t("new.open")}
        </Button>
      </Group>
      <div id={panelId} hidden={!open}>
        <Paper withBorder p={{ base: "md", sm: "lg" }}>
          <form onSubmit={form.onSubmit(submit)} noValidate aria-labelledby={headingId} data-testid="new-ticket-form" className={classes.form} data-interactive={interactive || undefined}>
            <Stack gap="md">
              <Title order={2} size="h3" id={headingId}>
                {t("new.heading")}
              </Title>
              {kinds.length > 1 ? (
                <Radio.Group label={t("new.kind")} {...form.getInputProps("kind")} onChange={(k) => form.setFieldValue("kind", k as RequestKind)} data-testid="request-kind">
                  <Stack gap="xs" mt="xs">
                    {kinds.map((k) => (
                      <Radio key={k} value={k} label={t(`new.kinds.${k}`)} />
                    ))}
                  </Stack>
                </Radio.Group>
              ) : null}

              {v.kind === "general" ? (
                <>
                  <NativeSelect
                    ref={firstField}
                    label={t("new.topic")}
                    withAsterisk
                    data={select(
                      t("new.topic-placeholder"),
                      topics.map((o) => ({ value: o.code, label: o.name })),
                    )}
                    {...form.getInputProps("topicCode")}
                    onChange={(e) => {
                      form.setFieldValue("topicCode", e.currentTarget.value);
                      form.setFieldValue("subtypeCode", "");
                    }}
                    data-testid="field-topic"
                  />
                  <NativeSelect
                    label={t("new.subtype")}
                    withAsterisk
                    description={subtypeNote}
                    disabled={!subtypeList.length}
                    data={select(
                      t("new.subtype-placeholder"),
                      subtypeList.map((o) => ({ value: o.code, label: o.name })),
                    )}
                    {...form.getInputProps("subtypeCode")}
                    data-testid="field-subtype"
                  />
                  <TextInput label={t("new.name")} description={t("new.name-help")} withAsterisk maxLength={NAME_LIMIT} {...form.getInputProps("name")} data-testid="field-name" />
                  <Textarea
                    label={t("new.message")}
                    description={t("new.message-help")}
                    withAsterisk
                    autosize
                    minRows={5}
                    maxRows={18}
                    maxLength={MESSAGE_LIMIT}
                    {...form.getInputProps("message")}
                    data-testid="field-message"
                  />
                  {channels.length ? (
                    <NativeSelect
                      label={t("new.channel")}
                      data={select(
                        t("new.channel-placeholder"),
                        channels.map((o) => ({ value: o.code, label: o.name })),
                      )}
                      {...form.getInputProps("channelCode")}
                      data-testid="field-channel"
                    />
                  ) : null}
                  {subjectData.length > 1 ? <NativeSelect label={t("new.subject")} data={subjectData} {...form.getInputProps("subject")} data-testid="field-subject" /> : null}
                  <AttachmentsField
                    value={v.attachments}
                    onChange={(next) => {
                      form.setFieldValue("attachments", next);
                      form.clearFieldError("attachments");
                    }}
                    locale={locale}
                    disabled={busy}
                    error={form.errors.attachments as string | undefined}
                  />
                </>
              ) : (
                <Text size="sm">{t("structured.intro")}</Text>
              )}

              {v.kind === "meter-reading" ? (
                usagePoints.length ? (
                  <>
                    <NativeSelect
                      label={t("structured.usage-point")}
                      withAsterisk
                      data={select(t("structured.usage-point-placeholder"), usagePoints.map(asOption))}
                      {...form.getInputProps("usagePointId")}
                    />
                    <TextInput label={t("structured.reading")} description={t("structured.reading-help")} withAsterisk inputMode="decimal" autoComplete="off" {...form.getInputProps("reading")} />
                    <TextInput type="date" label={t("structured.read-at")} description={t("structured.read-at-help")} withAsterisk max={today} {...form.getInputProps("readAt")} />
                    <Textarea label={t("structured.message")} description={t("structured.message-help")} autosize minRows={2} maxLength={MESSAGE_LIMIT} {...form.getInputProps("extra")} />
                  </>
                ) : (
                  <Text size="sm">{t("structured.no-usage-points")}</Text>
                )
              ) : null}

              {v.kind === "payer-change" ? (
                contracts.length ? (
                  <>
                    <NativeSelect label={t("structured.contract")} withAsterisk data={select(t("structured.contract-placeholder"), contracts.map(asOption))} {...form.getInputProps("contractId")} />
                    <TextInput label={t("structured.new-payer-name")} withAsterisk maxLength={200} autoComplete="off" {...form.getInputProps("newPayerName")} />
                    <TextInput
                      label={t("structured.new-payer-code")}
                      description={t("structured.new-payer-code-help")}
                      withAsterisk
                      maxLength={20}
                      autoComplete="off"
                      {...form.getInputProps("newPayerCode")}
                    />
                    <TextInput type="email" label={t("structured.new-payer-email")} withAsterisk maxLength={254} autoComplete="off" {...form.getInputProps("newPayerEmail")} />
                    <TextInput type="date" label={t("structured.start-date")} description={t("structured.start-date-help")} withAsterisk min={today} {...form.getInputProps("startDate")} />
                    <Textarea label={t("structured.message")} description={t("structured.message-help")} autosize minRows={2} maxLength={MESSAGE_LIMIT} {...form.getInputProps("extra")} />
                  </>
                ) : (
                  <Text size="sm">{t("structured.no-contracts")}</Text>
                )
              ) : null}

              {v.kind === "invoice-question" ? (
                invoices.length ? (
                  <>
                    <NativeSelect
                      label={t("structured.invoice")}
                      withAsterisk
                      data={select(
                        t("structured.invoice-placeholder"),
                        invoices.map((i) => ({ value: i.number, label: i.label })),
                      )}
                      {...form.getInputProps("invoiceNumber")}
                    />
                    <Textarea label={t("structured.question")} withAsterisk autosize minRows={4} maxLength={MESSAGE_LIMIT} {...form.getInputProps("question")} />
                  </>
                ) : (
                  <Text size="sm">{t("structured.no-invoices")}</Text>
                )
              ) : null}

              <Group justify="flex-end">
                <Button variant="default" onClick={discard} disabled={busy}>
                  {t("new.cancel")}
                </Button>
                <Button type="submit" loading={busy} data-testid="new-ticket-submit">
                  {t("new.submit")}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </div>
    </Stack>
  );
}

const asOption = (o: { id: string; label: string }) => ({ value: o.id, label: o.label });
