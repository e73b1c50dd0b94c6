CREATE TABLE "interval_readings_hourly" (
	"metering_point_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"spot_wh" double precision NOT NULL,
	"value_wh" integer NOT NULL,
	"priced_wh" integer NOT NULL,
	"series" smallint NOT NULL,
	"intervals" smallint NOT NULL,
	"unpriced" smallint NOT NULL,
	CONSTRAINT "interval_readings_hourly_pk" PRIMARY KEY("metering_point_id","series","hour")
);
--> statement-breakpoint
ALTER TABLE "interval_readings_hourly" ADD CONSTRAINT "interval_readings_hourly_metering_point_id_metering_points_id_fk" FOREIGN KEY ("metering_point_id") REFERENCES "public"."metering_points"("id") ON DELETE cascade ON UPDATE no action;