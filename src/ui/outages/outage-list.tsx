import { useTranslations } from "next-intl";
import type { Outage, PastOutage, UsagePointOutages, MeterEventList } from "@/api/schemas/outages";
import { formatter } from "@/i18n/format";
import { KeyValueTable } from "@/ui/shared/key-value-table";
import { Badge, Group, Stack, Text } from "@/ui/shared/plain";
import tableClasses from "@/ui/shared/table.module.css";
import { OutageMap } from "./outage-map";
import classes from "./outages.module.css";
import { Heading } from "@/ui/shared/heading";
import panels from "@/ui/shared/panels.module.css";

type T = ReturnType<typeof useTranslations<"outages-pages">>;

/** Minutes as "2 h 5 min" or "45 min". */
export function durationText(t: T, minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return hours ? t("hoursMinutes", { hours, minutes: minutes % 60 }) : t("minutes", { minutes });
}

/** One current or planned outage: what, where, since and until when, why, and the map of its area. */
export function OutageCard({ outage, upcoming, locale, timeZone, country }: { outage: Outage; upcoming: boolean; locale: string; timeZone: string; country: string }) {
  const t = useTranslations("outages-pages");
  const f = formatter(locale, timeZone);
  const rows = [
    { key: "area", label: t("fields.area"), value: <span translate="no">{outage.areaName}</span> },
    { key: "start", label: upcoming ? t("fields.starts") : t("fields.started"), value: f.dateTime(outage.startsAt) },
    {
      key: "restoration",
      label: outage.kind === "planned" ? t("fields.ends") : t("fields.estimatedRestoration"),
      value: outage.estimatedRestorationAt ? f.dateTime(outage.estimatedRestorationAt) : t("notKnown"),
    },
    { key: "cause", label: t("fields.cause"), value: outage.cause ? t(`causes.${outage.cause}`) : t("notKnown") },
    { key: "customers", label: t("fields.customersAffected"), value: t("customers", { count: outage.customersAffected }) },
    {
      key: "points",
      label: t("fields.affectedPoints"),
      value: (
        <Stack gap={2}>
          {outage.affectedPoints.map((p) => (
            <Text key={p.gsrn} size="sm">
              <span translate="no">
                {p.address} ({p.gsrn})
              </span>
            </Text>
          ))}
        </Stack>
      ),
    },
  ];
  return (
    <article className={`${panels.panel} ${outage.kind === "fault" ? classes.outageCard : classes.plannedCard}`} data-testid={`outage-${outage.kind}`} aria-labelledby={`outage-${outage.id}`}>
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Heading order={3} id={`outage-${outage.id}`} fz="lg">
            {t(`kinds.${outage.kind}`)}: <span translate="no">{outage.areaName}</span>
          </Heading>
          <Badge color={outage.kind === "fault" ? "red.8" : "blue.8"} uppercase>
            {t(`statuses.${outage.status}`)}
          </Badge>
        </Group>
        <div className={classes.cardBody}>
          <div className={classes.cardDetails}>
            <KeyValueTable rows={rows} />
          </div>
          {outage.latitude !== null && outage.longitude !== null ? (
            <figure style={{ margin: 0 }}>
              <OutageMap country={country} latitude={outage.latitude} longitude={outage.longitude} radiusKm={outage.radiusKm} label={t("map.label", { area: outage.areaName })} />
              <Text component="figcaption" size="xs" c="dimmed" style={{ maxWidth: "14rem" }}>
                {t("map.legend")}
              </Text>
            </figure>
          ) : null}
        </div>
      </Stack>
    </article>
  );
}

/** The ended outages of one usage point in the past 12 months, with durations and their total. */
export function PastOutages({ point, locale, timeZone }: { point: UsagePointOutages; locale: string; timeZone: string }) {
  const t = useTranslations("outages-pages");
  const f = formatter(locale, timeZone);
  const headingId = `past-${point.gsrn}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} data-testid="past-outages">
      <Heading order={3} fz="md" id={headingId}>
        <span translate="no">
          {point.address} ({point.gsrn})
        </span>
      </Heading>
      {point.outages.length ? (
        <>
          <Text size="sm">{t("past.total", { count: point.outages.length, duration: durationText(t, point.totalMinutes) })}</Text>
          <div className={classes.tableWrap} tabIndex={0}>
            <table className={tableClasses.table} data-spacing="xs" data-striped>
              <thead>
                <tr>
                  <th scope="col">{t("past.columns.start")}</th>
                  <th scope="col">{t("past.columns.end")}</th>
                  <th scope="col">{t("past.columns.duration")}</th>
                  <th scope="col">{t("past.columns.kind")}</th>
                  <th scope="col">{t("past.columns.cause")}</th>
                </tr>
              </thead>
              <tbody>
                {point.outages.map((o: PastOutage) => (
                  <tr key={o.id}>
                    <td>{f.dateTime(o.startsAt)}</td>
                    <td>{f.dateTime(o.endedAt)}</td>
                    <td>{durationText(t, o.durationMinutes)}</td>
                    <td>{t(`kinds.${o.kind}`)}</td>
                    <td>{o.cause ? t(`causes.${o.cause}`) : t("notKnown")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t("past.none")}
        </Text>
      )}
    </Stack>
  );
}

/** A meter's own events, newest first: tells a grid outage from the customer's own fuse. */
export function MeterEvents({ list, locale, timeZone, headingOrder = 3 }: { list: MeterEventList; locale: string; timeZone: string; headingOrder?: 3 | 4 }) {
  const t = useTranslations("outages-pages");
  const f = formatter(locale, timeZone);
  const headingId = `events-${list.gsrn}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} data-testid="meter-events">
      <Heading order={headingOrder} fz="md" id={headingId}>
        {t("events.point", { gsrn: list.gsrn })}
      </Heading>
      {list.events.length ? (
        <div className={classes.tableWrap} tabIndex={0}>
          <table className={tableClasses.table} data-spacing="xs" data-striped>
            <thead>
              <tr>
                <th scope="col">{t("events.columns.time")}</th>
                <th scope="col">{t("events.columns.event")}</th>
                <th scope="col">{t("events.columns.voltage")}</th>
              </tr>
            </thead>
            <tbody>
              {list.events.map((e) => (
                <tr key={e.id}>
                  <td>{f.dateTime(e.at)}</td>
                  <td>{t(`events.kinds.${e.kind}`)}</td>
                  <td>{e.voltage === null ? "" : t("events.voltage", { value: f.number(e.voltage, "headline") })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <Text size="sm" c="dimmed">
          {t("events.none")}
        </Text>
      )}
    </Stack>
  );
}
