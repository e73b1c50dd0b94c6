CREATE TABLE "api_token_windows" (
	"token_id" uuid PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"granted" integer NOT NULL,
	"last_grant" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spreadsheet_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"person_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_fetched_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_token_windows" ADD CONSTRAINT "api_token_windows_token_id_api_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."api_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_token_windows" ADD CONSTRAINT "api_token_windows_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spreadsheet_feeds" ADD CONSTRAINT "spreadsheet_feeds_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spreadsheet_feeds" ADD CONSTRAINT "spreadsheet_feeds_person_id_auth_user_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spreadsheet_feeds" ADD CONSTRAINT "spreadsheet_feeds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "spreadsheet_feeds_hash" ON "spreadsheet_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "spreadsheet_feeds_person_idx" ON "spreadsheet_feeds" USING btree ("site_id","person_id","customer_id");