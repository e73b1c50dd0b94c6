CREATE TABLE "billing_profiles" (
	"site_id" text PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"street" text,
	"postal_code" text,
	"city" text,
	"registry_code" text,
	"vat_number" text,
	"iban" text,
	"bic" text,
	"bank_name" text,
	"email" text,
	"phone" text,
	"invoice_number_prefix" text DEFAULT '' NOT NULL,
	"next_invoice_seq" bigint DEFAULT 1 NOT NULL,
	"payment_term_days" smallint DEFAULT 14 NOT NULL,
	"postpone_max_days" smallint DEFAULT 14 NOT NULL,
	"postpone_max_days_advanced" smallint DEFAULT 30 NOT NULL,
	"postpone_max_times" smallint DEFAULT 1 NOT NULL,
	"postpone_max_times_advanced" smallint DEFAULT 2 NOT NULL,
	"postpone_fee_cents" integer DEFAULT 0 NOT NULL,
	"postpone_fee_vatable" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"site_id" text NOT NULL,
	"position" smallint NOT NULL,
	"component" text NOT NULL,
	"metering_point_id" uuid,
	"gsrn" text,
	"product_name" text,
	"quantity_wh" bigint,
	"quantity" numeric(16, 3) NOT NULL,
	"unit" text NOT NULL,
	"unit_price_cents" numeric(18, 6) NOT NULL,
	"net_cents" bigint NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"vat_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_metering_points" (
	"invoice_id" uuid NOT NULL,
	"metering_point_id" uuid NOT NULL,
	"site_id" text NOT NULL,
	"gsrn" text NOT NULL,
	"energy_kind" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"consumption_wh" bigint NOT NULL,
	"previous_year_consumption_wh" bigint,
	CONSTRAINT "invoice_metering_points_pk" PRIMARY KEY("invoice_id","metering_point_id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"invoice_number" text NOT NULL,
	"reference_number" text NOT NULL,
	"type" text DEFAULT 'Regular' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"original_due_date" date NOT NULL,
	"postpone_count" smallint DEFAULT 0 NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"delivery_channel" text DEFAULT 'email' NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"net_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"paid_at" timestamp with time zone,
	"outsourced_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status" CHECK ("invoices"."status" in ('open', 'paid', 'cancelled', 'outsourced')),
	CONSTRAINT "invoices_type" CHECK ("invoices"."type" in ('Regular', 'E-Invoice')),
	CONSTRAINT "invoices_channel" CHECK ("invoices"."delivery_channel" in ('email', 'postal', 'e-invoice')),
	CONSTRAINT "invoices_totals" CHECK ("invoices"."total_cents" = "invoices"."net_cents" + "invoices"."vat_cents"),
	CONSTRAINT "invoices_period" CHECK ("invoices"."period_end" >= "invoices"."period_start")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"site_id" text NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"provider" text NOT NULL,
	"provider_event_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"bank_bic" text,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"provider_reference" text,
	"redirect_url" text,
	"idempotency_key" text,
	"provider_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"failure_reason" text,
	"started_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_checked_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "payments_status" CHECK ("payments"."status" in ('created', 'pending', 'succeeded', 'failed', 'cancelled', 'expired')),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_sessions" (
	"token" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"merchant_reference" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"method" text NOT NULL,
	"bank_bic" text,
	"return_url" text NOT NULL,
	"state" text DEFAULT 'initial' NOT NULL,
	"settles_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_metering_point_id_metering_points_id_fk" FOREIGN KEY ("metering_point_id") REFERENCES "public"."metering_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_metering_points" ADD CONSTRAINT "invoice_metering_points_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_metering_points" ADD CONSTRAINT "invoice_metering_points_metering_point_id_metering_points_id_fk" FOREIGN KEY ("metering_point_id") REFERENCES "public"."metering_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payment_sessions" ADD CONSTRAINT "sandbox_payment_sessions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_invoice_position" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_lines_site_idx" ON "invoice_lines" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "invoice_metering_points_site_idx" ON "invoice_metering_points" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_site_number" ON "invoices" USING btree ("site_id","invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_site_customer_issue_idx" ON "invoices" USING btree ("site_id","customer_id","issue_date");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event" ON "payment_events" USING btree ("provider","provider_event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_reference" ON "payments" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency" ON "payments" USING btree ("site_id","customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_site_invoice_idx" ON "payments" USING btree ("site_id","invoice_id");--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "sandbox_payment_sessions_site_idx" ON "sandbox_payment_sessions" USING btree ("site_id","created_at");