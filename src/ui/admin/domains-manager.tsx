"use client";

import { Badge, Button, Group, Stack, Table, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { AdminDomains } from "@/api/schemas/admin";
import { api } from "@/ui/api";
import { useFieldErrors } from "@/ui/settings/use-field-errors";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useLeaveGuard } from "@/ui/shared/use-leave-guard";

type Domain = AdminDomains["domains"][number];

/** The site's host names: the primary one marked, others can be made primary or removed; a new one is checked by the server. */
export function DomainsManager({ siteId, domains: initial }: { siteId: string; domains: Domain[] }) {
  const t = useTranslations("admin.domains");
  const router = useRouter();
  const interactive = useHydrated();
  const fieldErrors = useFieldErrors();
  const [domains, setDomains] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const form = useForm({ initialValues: { host: "" } });
  useLeaveGuard(form.isDirty());
  const url = `/api/admin/site/${encodeURIComponent(siteId)}/domains`;

  const run = async (key: string, method: "POST" | "PATCH" | "DELETE", body: unknown, done: string) => {
    setBusy(key);
    try {
      const res = await api<AdminDomains>(url, { method, body });
      setDomains(res.domains);
      notifications.show({ id: "admin-saved", color: "green", message: t(done) });
      router.refresh();
      return true;
    } catch (err) {
      const errors = fieldErrors(err);
      if (errors) form.setErrors({ host: Object.values(errors)[0] });
      return false;
    } finally {
      setBusy(null);
    }
  };

  const add = form.onSubmit(async ({ host }) => {
    if (!host.trim()) {
      form.setErrors({ host: t("host-required") });
      return;
    }
    if (await run("add", "POST", { host: host.trim() }, "added")) form.reset();
  });

  return (
    <Stack gap="lg" data-interactive={interactive || undefined} data-testid="admin-domains">
      <Table.ScrollContainer minWidth={320}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("host")}</Table.Th>
              <Table.Th>{t("actions")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {domains.map((d) => (
              <Table.Tr key={d.host} data-host={d.host}>
                <Table.Td style={{ wordBreak: "break-all" }}>
                  <span translate="no">{d.host}</span>{" "}
                  {d.primary ? (
                    <Badge variant="light" ml="xs">
                      {t("primary")}
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  {d.primary ? null : (
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="default"
                        loading={busy === `p:${d.host}`}
                        onClick={() => run(`p:${d.host}`, "PATCH", { host: d.host }, "primary-set")}
                        aria-label={t("make-primary-of", { host: d.host })}
                      >
                        {t("make-primary")}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        loading={busy === `r:${d.host}`}
                        onClick={() => run(`r:${d.host}`, "DELETE", { host: d.host }, "removed")}
                        aria-label={t("remove-of", { host: d.host })}
                      >
                        {t("remove")}
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <form onSubmit={add} noValidate data-testid="admin-domain-form">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            style={{ flex: "1 1 16rem" }}
            label={t("new-host")}
            description={t("new-host-help")}
            placeholder="portal.example.com"
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps("host")}
          />
          <Button type="submit" loading={busy === "add"}>
            {t("add")}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
