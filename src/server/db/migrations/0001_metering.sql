CREATE TABLE "energy_contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"metering_point_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"price_model" text NOT NULL,
	"margin_c_kwh" numeric(10, 4) DEFAULT '0' NOT NULL,
	"fixed_c_kwh" numeric(10, 4),
	"day_c_kwh" numeric(10, 4),
	"night_c_kwh" numeric(10, 4),
	"monthly_fee_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "energy_contracts_price_model" CHECK ("energy_contracts"."price_model" in ('Hourly', 'Fixed'))
);
--> statement-breakpoint
CREATE TABLE "import_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "interval_readings" (
	"metering_point_id" uuid NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"value_wh" integer NOT NULL,
	"series" smallint NOT NULL,
	"quality" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "interval_readings_pk" PRIMARY KEY("metering_point_id","series","start")
);
--> statement-breakpoint
CREATE TABLE "metering_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"gsrn" text NOT NULL,
	"energy_kind" text NOT NULL,
	"usage_point_kind" text DEFAULT 'UsagePoint' NOT NULL,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"location_id" uuid NOT NULL,
	"location_name" text NOT NULL,
	"meter_number" text,
	"eic_code" text,
	"bidding_zone" text NOT NULL,
	"weather_area" text NOT NULL,
	"interval_minutes" smallint NOT NULL,
	"has_production" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metering_points_gsrn_format" CHECK ("metering_points"."gsrn" ~ '^[0-9]{18}$'),
	CONSTRAINT "metering_points_interval" CHECK ("metering_points"."interval_minutes" in (5, 15, 60)),
	CONSTRAINT "metering_points_energy_kind" CHECK ("metering_points"."energy_kind" in ('electricity', 'gas', 'heating'))
);
--> statement-breakpoint
CREATE TABLE "spot_prices" (
	"zone" text NOT NULL,
	"resolution_minutes" smallint NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"price_eur_mwh" numeric(10, 3) NOT NULL,
	CONSTRAINT "spot_prices_pk" PRIMARY KEY("zone","resolution_minutes","start"),
	CONSTRAINT "spot_prices_resolution" CHECK ("spot_prices"."resolution_minutes" in (15, 60))
);
--> statement-breakpoint
CREATE TABLE "temperatures" (
	"area" text NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"tenths_c" smallint NOT NULL,
	CONSTRAINT "temperatures_pk" PRIMARY KEY("area","start")
);
--> statement-breakpoint
ALTER TABLE "energy_contracts" ADD CONSTRAINT "energy_contracts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_contracts" ADD CONSTRAINT "energy_contracts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_contracts" ADD CONSTRAINT "energy_contracts_metering_point_id_metering_points_id_fk" FOREIGN KEY ("metering_point_id") REFERENCES "public"."metering_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_tokens" ADD CONSTRAINT "import_tokens_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interval_readings" ADD CONSTRAINT "interval_readings_metering_point_id_metering_points_id_fk" FOREIGN KEY ("metering_point_id") REFERENCES "public"."metering_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metering_points" ADD CONSTRAINT "metering_points_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metering_points" ADD CONSTRAINT "metering_points_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "energy_contracts_point_idx" ON "energy_contracts" USING btree ("metering_point_id","valid_from");--> statement-breakpoint
CREATE INDEX "energy_contracts_site_customer_idx" ON "energy_contracts" USING btree ("site_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "import_tokens_hash" ON "import_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "import_tokens_site_idx" ON "import_tokens" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "metering_points_site_gsrn" ON "metering_points" USING btree ("site_id","gsrn");--> statement-breakpoint
CREATE INDEX "metering_points_site_customer_idx" ON "metering_points" USING btree ("site_id","customer_id");--> statement-breakpoint
CREATE INDEX "metering_points_site_meter_idx" ON "metering_points" USING btree ("site_id","meter_number");--> statement-breakpoint
CREATE INDEX "metering_points_site_eic_idx" ON "metering_points" USING btree ("site_id","eic_code");