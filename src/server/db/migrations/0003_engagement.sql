CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"locale" text,
	"title" text NOT NULL,
	"content_html" text NOT NULL,
	"severity" text DEFAULT 'info' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"client_id" text,
	"person_id" text,
	"consent_id" text NOT NULL,
	"accept_type" text,
	"categories" text[] NOT NULL,
	"services" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"revision" integer NOT NULL,
	"data" jsonb,
	"language_code" text NOT NULL,
	"consent_timestamp" timestamp with time zone NOT NULL,
	"last_consent_timestamp" timestamp with time zone NOT NULL,
	"expiration_time" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"form_id" uuid NOT NULL,
	"person_id" text NOT NULL,
	"customer_id" uuid,
	"rating" smallint NOT NULL,
	"open_text" text,
	"locale" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_consent_settings" (
	"site_id" text PRIMARY KEY NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_submissions" ADD CONSTRAINT "feedback_submissions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_submissions" ADD CONSTRAINT "feedback_submissions_form_id_feedback_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."feedback_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_consent_settings" ADD CONSTRAINT "site_consent_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_site_published_idx" ON "announcements" USING btree ("site_id","published_at");--> statement-breakpoint
CREATE INDEX "consent_records_site_consent_idx" ON "consent_records" USING btree ("site_id","consent_id");--> statement-breakpoint
CREATE INDEX "consent_records_site_client_idx" ON "consent_records" USING btree ("site_id","client_id");--> statement-breakpoint
CREATE INDEX "feedback_submissions_site_form_idx" ON "feedback_submissions" USING btree ("site_id","form_id","created_at");