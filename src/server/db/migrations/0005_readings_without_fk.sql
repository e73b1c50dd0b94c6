ALTER TABLE "interval_readings" DROP CONSTRAINT "interval_readings_metering_point_id_metering_points_id_fk";
--> statement-breakpoint
ALTER TABLE "interval_readings_hourly" DROP CONSTRAINT "interval_readings_hourly_metering_point_id_metering_points_id_fk";
--> statement-breakpoint
-- Deleting metering points (directly, or through a customer or site) deletes their readings and
-- rollup once per statement, instead of a key check per reading on every insert.
CREATE FUNCTION "metering_points_delete_readings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "interval_readings" r USING "gone_points" g WHERE r."metering_point_id" = g."id";
  DELETE FROM "interval_readings_hourly" h USING "gone_points" g WHERE h."metering_point_id" = g."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "metering_points_delete_readings" AFTER DELETE ON "metering_points"
  REFERENCING OLD TABLE AS "gone_points" FOR EACH STATEMENT EXECUTE FUNCTION "metering_points_delete_readings"();
--> statement-breakpoint
-- Readings left behind by points deleted before this migration could not exist (the keys held).
DELETE FROM "interval_readings" r WHERE NOT EXISTS (SELECT 1 FROM "metering_points" p WHERE p."id" = r."metering_point_id");
--> statement-breakpoint
DELETE FROM "interval_readings_hourly" h WHERE NOT EXISTS (SELECT 1 FROM "metering_points" p WHERE p."id" = h."metering_point_id");
