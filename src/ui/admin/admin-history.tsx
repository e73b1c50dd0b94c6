import { Table, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import { formatter } from "@/i18n/format";
import { EmptyState } from "@/ui/shared/empty-state";

interface Entry {
  id: string;
  action: string;
  actorName: string | null;
  details: Record<string, unknown>;
  createdAt: string;
}

const KNOWN = [
  "site.update",
  "locales.update",
  "domain.add",
  "domain.remove",
  "domain.primary",
  "translations.update",
  "translations.revert",
  "feedback-form.add",
  "feedback-form.update",
  "feedback-submissions.delete",
  "announcement.create",
  "announcement.update",
  "announcement.withdraw",
  "announcement.delete",
];

/** The administrators' changes: when, who, what, and the subject (a host, a form, changed fields). */
export async function AdminHistory({ entries, locale, timeZone }: { entries: Entry[]; locale: string; timeZone: string }) {
  const t = await getTranslations("admin-pages.history");
  const f = formatter(locale, timeZone);
  if (!entries.length) return <EmptyState title={t("empty-title")} description={t("empty")} titleOrder={3} data-testid="admin-history-empty" />;
  const subject = (e: Entry): string => {
    const d = e.details;
    if (Array.isArray(d.fields)) return (d.fields as string[]).map((x) => (t.has(`fields.${x}` as never) ? t(`fields.${x}` as never) : x)).join(", ");
    if (typeof d.host === "string") return d.host;
    if (Array.isArray(d.keys)) return `${String(d.locale ?? "")} ${(d.keys as string[]).join(", ")}`.trim();
    if (typeof d.title === "string") return d.title;
    if (typeof d.name === "string") return d.name;
    if (d.after && typeof d.after === "object" && "locales" in (d.after as object)) return ((d.after as { locales: string[] }).locales ?? []).join(", ");
    return "";
  };
  return (
    <Table data-testid="admin-history" verticalSpacing="sm">
      <TableThead>
        <TableTr>
          <TableTh>{t("when")}</TableTh>
          <TableTh>{t("who")}</TableTh>
          <TableTh>{t("what")}</TableTh>
        </TableTr>
      </TableThead>
      <TableTbody>
        {entries.map((e) => (
          <TableTr key={e.id} data-action={e.action}>
            <TableTd style={{ whiteSpace: "nowrap" }}>{f.dateTime(e.createdAt)}</TableTd>
            <TableTd translate={e.actorName ? "no" : undefined}>{e.actorName ?? t("unknown-actor")}</TableTd>
            <TableTd>
              <Text size="sm" fw={500}>
                {KNOWN.includes(e.action) ? (
                  t(`actions.${e.action}` as never)
                ) : (
                  <span translate="no" style={{ wordBreak: "break-word" }}>
                    {e.action}
                  </span>
                )}
              </Text>
              <Text size="sm" c="dimmed" style={{ wordBreak: "break-word" }} translate={Array.isArray(e.details.fields) ? undefined : "no"}>
                {subject(e)}
              </Text>
            </TableTd>
          </TableTr>
        ))}
      </TableTbody>
    </Table>
  );
}
