import { Anchor, Box, Stack, Text } from "@mantine/core";
import { Heading } from "@/ui/shared/heading";
import tableClasses from "@/ui/shared/table.module.css";
import { getTranslations } from "next-intl/server";
import { CopyCode } from "./lazy";

/** The operations a personal token may call, with their scope (as the OpenAPI document marks them). */
export const TOKEN_OPERATIONS = [
  { operationId: "getConsumptionStatistics", path: "/api/dashboard/statistics/consumption?from=2026-01-01&to=2026-02-01", scope: "read-consumption" },
  { operationId: "getProductionStatistics", path: "/api/dashboard/statistics/production?from=2026-01-01&to=2026-02-01", scope: "read-consumption" },
  { operationId: "getExpenseStatistics", path: "/api/dashboard/statistics/expenses?from=2026-01-01&to=2026-02-01", scope: "read-consumption" },
  { operationId: "getChartReadings", path: "/api/charts/readings?series[]=consumption&from=2026-01-01&to=2026-01-02&resolution=60", scope: "read-consumption" },
  { operationId: "listUsagePoints", path: "/api/usage-points/me", scope: "read-consumption" },
  { operationId: "getSpotStatistics", path: "/api/dashboard/statistics/spot", scope: "read-prices" },
  { operationId: "listInvoices", path: "/api/invoices", scope: "read-invoices" },
  { operationId: "getInvoice", path: "/api/invoices/{invoiceNumber}", scope: "read-invoices" },
] as const;

const PLACEHOLDER = "YOUR_TOKEN";
/** Where a spreadsheet feed's own key stands in its addresses (made in Settings → API access). */
const FEED_PLACEHOLDER = "YOUR_SPREADSHEET_KEY";

/**
 * The integrators' page: how to send a token, what it can read, and copy-paste examples (curl,
 * a spreadsheet query, a spreadsheet's import from a feed address, Python) for this site's
 * address, in the person's language.
 */
export async function IntegratorGuide({
  origin,
  companyName,
  settingsHref,
  rateLimit,
  timezone,
}: {
  origin: string;
  companyName: string;
  settingsHref: string;
  rateLimit: { max: number; windowSeconds: number };
  timezone: string;
}) {
  const t = await getTranslations("tokens-pages");
  const ts = await getTranslations("tokens.scope");
  const copy = { copyLabel: t("copy"), copiedLabel: t("copied") };
  const curl = [
    `curl -H "Authorization: Bearer ${PLACEHOLDER}" "${origin}/api/dashboard/statistics/spot"`,
    ``,
    `curl -H "Authorization: Bearer ${PLACEHOLDER}" "${origin}/api/dashboard/statistics/consumption?resolution=day"`,
  ].join("\n");
  const spreadsheet = [
    `let`,
    `    Source = Json.Document(Web.Contents("${origin}/api/invoices", [Headers = [Authorization = "Bearer ${PLACEHOLDER}"]])),`,
    `    Invoices = Table.FromRecords(Source[invoices])`,
    `in`,
    `    Invoices`,
  ].join("\n");
  const importData = [`=IMPORTDATA("${origin}/api/spreadsheet/${FEED_PLACEHOLDER}/consumption.csv")`, ``, `=IMPORTDATA("${origin}/api/spreadsheet/${FEED_PLACEHOLDER}/spot-prices.csv")`].join("\n");
  const python = [
    `import json, urllib.request`,
    ``,
    `request = urllib.request.Request(`,
    `    "${origin}/api/dashboard/statistics/spot",`,
    `    headers={"Authorization": "Bearer ${PLACEHOLDER}"},`,
    `)`,
    `with urllib.request.urlopen(request) as answer:`,
    `    print(json.load(answer)["now"])`,
  ].join("\n");
  return (
    <Stack gap="xl" maw={960} data-testid="integrator-guide">
      <Stack gap="xs">
        <Heading order={1}>{t("title")}</Heading>
        <Text>{t("intro", { company: companyName })}</Text>
        <Anchor href={settingsHref} data-testid="integrator-settings-link">
          {t("settings-link")}
        </Anchor>
      </Stack>
      <section aria-labelledby="guide-auth">
        <Stack gap="xs">
          <Heading order={2} id="guide-auth">
            {t("auth-title")}
          </Heading>
          <Text>{t("auth-text", { placeholder: PLACEHOLDER })}</Text>
          <Text>{t("limits", { max: rateLimit.max, seconds: rateLimit.windowSeconds })}</Text>
          <Text>{t("errors")}</Text>
        </Stack>
      </section>
      <section aria-labelledby="guide-endpoints">
        <Heading order={2} id="guide-endpoints" style={{ marginBottom: "var(--mantine-spacing-xs)" }}>
          {t("endpoints-title")}
        </Heading>
        {/* A region that scrolls sideways on a narrow screen, reachable with the keyboard. */}
        <Box tabIndex={0} role="region" aria-label={t("endpoints-caption")} style={{ overflowX: "auto" }}>
          <table className={tableClasses.table} data-striped data-with-border style={{ minWidth: 560 }} data-testid="integrator-operations">
            <caption>{t("endpoints-caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("col-request")}</th>
                <th scope="col">{t("col-scope")}</th>
                <th scope="col">{t("col-what")}</th>
              </tr>
            </thead>
            <tbody>
              {TOKEN_OPERATIONS.map((op) => (
                <tr key={op.operationId}>
                  <td>
                    <Text component="code" size="sm" translate="no" style={{ wordBreak: "break-all" }}>
                      GET {op.path.split("?")[0]}
                    </Text>
                  </td>
                  <td>{ts(op.scope)}</td>
                  <td>{t(`op.${op.operationId}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Box>
      </section>
      <section aria-labelledby="guide-curl">
        <Stack gap="xs">
          <Heading order={2} id="guide-curl">
            {t("curl-title")}
          </Heading>
          <Text>{t("curl-text")}</Text>
          <CopyCode code={curl} label={t("code-label", { title: t("curl-title") })} testId="example-curl" {...copy} />
        </Stack>
      </section>
      <section aria-labelledby="guide-spreadsheet">
        <Stack gap="xs">
          <Heading order={2} id="guide-spreadsheet">
            {t("spreadsheet-title")}
          </Heading>
          <Text>{t("spreadsheet-text")}</Text>
          <CopyCode code={spreadsheet} label={t("code-label", { title: t("spreadsheet-title") })} testId="example-spreadsheet" {...copy} />
        </Stack>
      </section>
      <section aria-labelledby="guide-import">
        <Stack gap="xs">
          <Heading order={2} id="guide-import">
            {t("import-title")}
          </Heading>
          <Text>{t("import-text")}</Text>
          <CopyCode code={importData} label={t("code-label", { title: t("import-title") })} testId="example-import" {...copy} />
          <Text>{t("import-format", { timezone })}</Text>
        </Stack>
      </section>
      <section aria-labelledby="guide-python">
        <Stack gap="xs">
          <Heading order={2} id="guide-python">
            {t("python-title")}
          </Heading>
          <Text>{t("python-text")}</Text>
          <CopyCode code={python} label={t("code-label", { title: t("python-title") })} testId="example-python" {...copy} />
        </Stack>
      </section>
      <section aria-labelledby="guide-reference">
        <Stack gap="xs">
          <Heading order={2} id="guide-reference">
            {t("reference-title")}
          </Heading>
          <Text>{t("reference-text")}</Text>
          <Anchor href="/api/docs" data-testid="integrator-reference-link">
            {t("reference-link")}
          </Anchor>
        </Stack>
      </section>
      <section aria-labelledby="guide-safety">
        <Stack gap="xs">
          <Heading order={2} id="guide-safety">
            {t("safety-title")}
          </Heading>
          <Text>{t("safety-text")}</Text>
        </Stack>
      </section>
    </Stack>
  );
}
