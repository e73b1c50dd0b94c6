CREATE TABLE "contract_signings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"person_id" text NOT NULL,
	"provider" text NOT NULL,
	"token" text NOT NULL,
	"signing_url" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"metering_point_id" uuid NOT NULL,
	"contract_number" text NOT NULL,
	"terms" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"signed_at" timestamp with time zone,
	"contract_id" uuid,
	"finalized_at" timestamp with time zone,
	"signed_pdf" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_signings_state" CHECK ("contract_signings"."state" in ('pending', 'signed', 'declined', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_signing_sessions" (
	"token" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"reference" text NOT NULL,
	"filename" text NOT NULL,
	"pdf" "bytea",
	"signer_name" text NOT NULL,
	"control_code" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"return_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_signing_sessions_state" CHECK ("sandbox_signing_sessions"."state" in ('pending', 'signed', 'declined', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "contract_signings" ADD CONSTRAINT "contract_signings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signings" ADD CONSTRAINT "contract_signings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signings" ADD CONSTRAINT "contract_signings_metering_point_id_metering_points_id_fk" FOREIGN KEY ("metering_point_id") REFERENCES "public"."metering_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signings" ADD CONSTRAINT "contract_signings_contract_id_energy_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."energy_contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_signing_sessions" ADD CONSTRAINT "sandbox_signing_sessions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_signings_site_token" ON "contract_signings" USING btree ("site_id","token");--> statement-breakpoint
CREATE INDEX "contract_signings_customer_idx" ON "contract_signings" USING btree ("site_id","customer_id");--> statement-breakpoint
CREATE INDEX "contract_signings_open_idx" ON "contract_signings" USING btree ("state","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_signing_sessions_reference" ON "sandbox_signing_sessions" USING btree ("site_id","reference");