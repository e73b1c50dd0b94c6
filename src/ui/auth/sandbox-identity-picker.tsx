"use client";

import { Alert, Anchor, Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useActionState, useEffect, useState } from "react";

/** What the approval action answers: an error key, or where the browser goes next. */
export interface SandboxApprovalState {
  error: string | null;
  next?: string;
}

interface Identity {
  id: string;
  name: string;
  ssn: string;
  persona: string;
}

export function SandboxIdentityPicker(props: {
  /** The server action that approves the chosen identity (passed in by the page). */
  approve: (prev: SandboxApprovalState, form: FormData) => Promise<SandboxApprovalState>;
  siteId: string;
  state: string;
  country: string;
  confirmPath: string;
  identities: Identity[];
  cancelHref: string;
}) {
  const t = useTranslations("sandbox");
  const [method, setMethod] = useState<"smart-id" | "mobile-id" | "bank">("smart-id");
  const [result, action, pending] = useActionState(props.approve, { error: null });
  useEffect(() => {
    if (result.next) window.location.assign(result.next);
  }, [result.next]);
  const hidden = (
    <>
      <input type="hidden" name="siteId" value={props.siteId} />
      <input type="hidden" name="state" value={props.state} />
      <input type="hidden" name="confirmPath" value={props.confirmPath} />
      <input type="hidden" name="method" value={method} />
    </>
  );
  return (
    <Stack>
      <SegmentedControl
        value={method}
        onChange={(v) => setMethod(v as typeof method)}
        aria-label={t("method")}
        data={[
          { value: "smart-id", label: t("methods.smart-id") },
          { value: "mobile-id", label: t("methods.mobile-id") },
          { value: "bank", label: t("methods.bank") },
        ]}
      />
      {result.error ? (
        <Alert color="red" role="alert">
          {t(`errors.${result.error}` as never)}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {props.identities.map((identity) => (
          <Card key={identity.id} withBorder padding="md">
            <form action={action}>
              {hidden}
              <input type="hidden" name="identityId" value={identity.id} />
              <Stack gap={6}>
                <Text fw={600}>{identity.name}</Text>
                <Text size="sm">{t(`personas.${identity.persona}` as never)}</Text>
                <Text size="xs" ff="monospace">
                  {identity.ssn}
                </Text>
                <Button type="submit" size="xs" loading={pending} data-identity={identity.id} aria-label={t("choose-person", { name: identity.name })}>
                  {t("choose")}
                </Button>
              </Stack>
            </form>
          </Card>
        ))}
      </SimpleGrid>
      <form action={action}>
        {hidden}
        <Stack gap="xs">
          <Text fw={600}>{t("other-person")}</Text>
          <Group grow align="flex-end">
            <TextInput name="ssn" label={t("ssn", { country: props.country })} required autoComplete="off" />
            <TextInput name="name" label={t("name")} autoComplete="off" />
          </Group>
          <Button type="submit" variant="light" loading={pending}>
            {t("continue")}
          </Button>
        </Stack>
      </form>
      <Anchor href={props.cancelHref}>{t("cancel")}</Anchor>
    </Stack>
  );
}
