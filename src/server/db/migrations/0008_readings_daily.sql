CREATE TABLE "interval_readings_daily" (
	"metering_point_id" uuid NOT NULL,
	"series" smallint NOT NULL,
	"day" date NOT NULL,
	"value_wh" bigint NOT NULL,
	"night_wh" bigint NOT NULL,
	"spot_wh" double precision NOT NULL,
	"priced_wh" bigint NOT NULL,
	"minutes" integer NOT NULL,
	"intervals" integer NOT NULL,
	"unpriced" integer NOT NULL,
	CONSTRAINT "interval_readings_daily_pk" PRIMARY KEY("metering_point_id","series","day")
);
--> statement-breakpoint
-- Recomputes the daily rollup of the given points for the local days (in each point's site's time
-- zone) that [range_from, range_to) touches: from the hourly rollup for 5- and 15-minute meters,
-- from the readings (priced by spot_prices_hourly) for hourly meters. Night hours are local hours
-- >= night_from or < night_to. Readings are never removed from a day (a point's deletion removes
-- all its rows), so an upsert that writes only changed rows keeps the table exact.
CREATE FUNCTION "readings_daily_refresh"(point_ids uuid[], range_from timestamptz, range_to timestamptz, night_from int, night_to int)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "interval_readings_daily" AS d
    ("metering_point_id", "series", "day", "value_wh", "night_wh", "spot_wh", "priced_wh", "minutes", "intervals", "unpriced")
  SELECT f.metering_point_id, f.series, f.lt::date,
    sum(f.value_wh),
    coalesce(sum(f.value_wh) FILTER (WHERE extract(hour FROM f.lt) >= night_from OR extract(hour FROM f.lt) < night_to), 0),
    sum(f.spot_wh),
    sum(f.priced_wh),
    sum(f.intervals * f.interval_minutes),
    sum(f.intervals),
    sum(f.unpriced)
  FROM (
    SELECT mp.id, mp.interval_minutes, mp.bidding_zone, s.timezone AS tz,
      (((range_from AT TIME ZONE s.timezone)::date)::timestamp AT TIME ZONE s.timezone) AS lo,
      ((((range_to - interval '1 microsecond') AT TIME ZONE s.timezone)::date + 1)::timestamp AT TIME ZONE s.timezone) AS hi
    FROM "metering_points" mp JOIN "sites" s ON s.id = mp.site_id
    WHERE mp.id = ANY(point_ids)
  ) b
  CROSS JOIN LATERAL (
    SELECT h.metering_point_id, h.series, (h.hour AT TIME ZONE b.tz) AS lt, h.value_wh::int4 AS value_wh, h.spot_wh,
      h.priced_wh::int4 AS priced_wh, h.intervals::int4 AS intervals, h.unpriced::int4 AS unpriced, b.interval_minutes::int4 AS interval_minutes
    FROM "interval_readings_hourly" h
    WHERE b.interval_minutes < 60 AND h.metering_point_id = b.id AND h.hour >= b.lo AND h.hour < b.hi
    UNION ALL
    SELECT r.metering_point_id, r.series, (r.start AT TIME ZONE b.tz), r.value_wh::int4, coalesce(r.value_wh * ph.price_eur_mwh, 0)::float8,
      (CASE WHEN ph.price_eur_mwh IS NULL THEN 0 ELSE r.value_wh END)::int4, 1, (CASE WHEN ph.price_eur_mwh IS NULL THEN 1 ELSE 0 END), b.interval_minutes::int4
    FROM "interval_readings" r
    LEFT JOIN "spot_prices_hourly" ph ON ph.zone = b.bidding_zone AND ph.hour = date_bin(interval '1 hour', r.start, timestamptz '2000-01-01 00:00:00+00')
    WHERE b.interval_minutes >= 60 AND r.metering_point_id = b.id AND r.start >= b.lo AND r.start < b.hi
  ) f
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT ("metering_point_id", "series", "day") DO UPDATE SET
    "value_wh" = excluded."value_wh", "night_wh" = excluded."night_wh", "spot_wh" = excluded."spot_wh", "priced_wh" = excluded."priced_wh",
    "minutes" = excluded."minutes", "intervals" = excluded."intervals", "unpriced" = excluded."unpriced"
  WHERE (d."value_wh", d."night_wh", d."spot_wh", d."priced_wh", d."minutes", d."intervals", d."unpriced")
    IS DISTINCT FROM (excluded."value_wh", excluded."night_wh", excluded."spot_wh", excluded."priced_wh", excluded."minutes", excluded."intervals", excluded."unpriced")
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "metering_points_delete_readings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "interval_readings" r USING "gone_points" g WHERE r."metering_point_id" = g."id";
  DELETE FROM "interval_readings_hourly" h USING "gone_points" g WHERE h."metering_point_id" = g."id";
  DELETE FROM "interval_readings_daily" d USING "gone_points" g WHERE d."metering_point_id" = g."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The days of the readings already stored (night hours as in src/lib/energy/pricing.ts).
SELECT "readings_daily_refresh"(array(SELECT "id" FROM "metering_points"), timestamptz '1900-01-01 00:00:00+00', timestamptz '2200-01-01 00:00:00+00', 22, 7);
