-- Announce changes to what the dashboard's figures are computed from (src/server/cache/customer-figures.ts):
-- readings and their rollups, metering points (with their locations), contracts and spot prices. One
-- notification per statement, for every customer at once: these tables are written in bulk by
-- imports and jobs, whose rows are not worth telling apart, and PostgreSQL drops duplicates within a
-- transaction.
CREATE OR REPLACE FUNCTION portal_metering_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_cache', 'metering:*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER interval_readings_figures AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON interval_readings FOR EACH STATEMENT EXECUTE FUNCTION portal_metering_rows_changed();
--> statement-breakpoint
CREATE TRIGGER interval_readings_hourly_figures AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON interval_readings_hourly FOR EACH STATEMENT EXECUTE FUNCTION portal_metering_rows_changed();
--> statement-breakpoint
CREATE TRIGGER interval_readings_daily_figures AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON interval_readings_daily FOR EACH STATEMENT EXECUTE FUNCTION portal_metering_rows_changed();
--> statement-breakpoint
CREATE TRIGGER metering_points_figures AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON metering_points FOR EACH STATEMENT EXECUTE FUNCTION portal_metering_rows_changed();
--> statement-breakpoint
CREATE TRIGGER energy_contracts_figures AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON energy_contracts FOR EACH STATEMENT EXECUTE FUNCTION portal_metering_rows_changed();
--> statement-breakpoint
CREATE TRIGGER spot_prices_figures AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON spot_prices FOR EACH STATEMENT EXECUTE FUNCTION portal_metering_rows_changed();
--> statement-breakpoint
CREATE TRIGGER spot_prices_hourly_figures AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON spot_prices_hourly FOR EACH STATEMENT EXECUTE FUNCTION portal_metering_rows_changed();
