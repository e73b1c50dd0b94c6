CREATE TABLE "spot_prices_hourly" (
	"zone" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"price_eur_mwh" double precision NOT NULL,
	CONSTRAINT "spot_prices_hourly_pk" PRIMARY KEY("zone","hour")
);
--> statement-breakpoint
INSERT INTO "spot_prices_hourly" ("zone", "hour", "price_eur_mwh")
SELECT "zone", date_bin(interval '1 hour', "start", timestamptz '2000-01-01 00:00:00+00') AS "hour",
  coalesce(max("price_eur_mwh") FILTER (WHERE "resolution_minutes" = 60), avg("price_eur_mwh") FILTER (WHERE "resolution_minutes" = 15))::float8
FROM "spot_prices"
GROUP BY 1, 2;
