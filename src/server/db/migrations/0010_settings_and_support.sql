CREATE TABLE "support_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" uuid,
	"uploaded_by_person_id" text,
	"ticket_id" uuid,
	"comment_id" uuid,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_attachments_type" CHECK ("support_attachments"."content_type" in ('image/png', 'image/jpeg', 'image/webp', 'application/pdf')),
	CONSTRAINT "support_attachments_size" CHECK ("support_attachments"."size" > 0 and "support_attachments"."size" <= 5242880),
	CONSTRAINT "support_attachments_comment_ticket" CHECK ("support_attachments"."comment_id" is null or "support_attachments"."ticket_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "support_channels" (
	"site_id" text NOT NULL,
	"code" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "support_channels_site_id_code_pk" PRIMARY KEY("site_id","code")
);
--> statement-breakpoint
CREATE TABLE "support_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_kind" text NOT NULL,
	"author_person_id" text,
	"author_name" text NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_comments_author_kind" CHECK ("support_comments"."author_kind" in ('customer', 'staff')),
	CONSTRAINT "support_comments_internal_staff" CHECK (not "support_comments"."internal" or "support_comments"."author_kind" = 'staff')
);
--> statement-breakpoint
CREATE TABLE "support_reference_names" (
	"site_id" text NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"locale" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "support_reference_names_site_id_kind_code_locale_pk" PRIMARY KEY("site_id","kind","code","locale"),
	CONSTRAINT "support_reference_names_kind" CHECK ("support_reference_names"."kind" in ('channel', 'topic', 'subtype'))
);
--> statement-breakpoint
CREATE TABLE "support_subtypes" (
	"site_id" text NOT NULL,
	"code" text NOT NULL,
	"topic_code" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "support_subtypes_site_id_code_pk" PRIMARY KEY("site_id","code")
);
--> statement-breakpoint
CREATE TABLE "support_ticket_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"ticket_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"assignee_person_id" text,
	"assignee_name" text,
	"actor_kind" text NOT NULL,
	"actor_person_id" text,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_ticket_events_kind" CHECK ("support_ticket_events"."kind" in ('created', 'status', 'assignment')),
	CONSTRAINT "support_ticket_events_actor_kind" CHECK ("support_ticket_events"."actor_kind" in ('customer', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"message" text NOT NULL,
	"topic_code" text NOT NULL,
	"subtype_code" text NOT NULL,
	"channel_code" text,
	"subject_kind" text,
	"subject_id" uuid,
	"subject_label" text,
	"request" jsonb,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"assignee_person_id" text,
	"created_by_person_id" text,
	"created_by_kind" text DEFAULT 'customer' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_staff_reply_at" timestamp with time zone,
	"last_customer_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_response_at" timestamp with time zone,
	"customer_seen_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "support_tickets_status" CHECK ("support_tickets"."status" in ('OPEN', 'ASSIGNED', 'CANCELLED', 'RESOLVED')),
	CONSTRAINT "support_tickets_assigned" CHECK (("support_tickets"."status" = 'OPEN' and "support_tickets"."assignee_person_id" is null) or ("support_tickets"."status" = 'ASSIGNED' and "support_tickets"."assignee_person_id" is not null) or "support_tickets"."status" in ('CANCELLED', 'RESOLVED')),
	CONSTRAINT "support_tickets_subject" CHECK (("support_tickets"."subject_kind" is null) = ("support_tickets"."subject_id" is null)),
	CONSTRAINT "support_tickets_subject_kind" CHECK ("support_tickets"."subject_kind" is null or "support_tickets"."subject_kind" in ('contract', 'usage-point', 'invoice')),
	CONSTRAINT "support_tickets_created_by_kind" CHECK ("support_tickets"."created_by_kind" in ('customer', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "support_topics" (
	"site_id" text NOT NULL,
	"code" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "support_topics_site_id_code_pk" PRIMARY KEY("site_id","code")
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"iban" text NOT NULL,
	"bic" text,
	"bank_name" text,
	"holder" text NOT NULL,
	"purposes" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"token_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_addresses" (
	"site_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_addresses_pk" PRIMARY KEY("customer_id","type"),
	CONSTRAINT "customer_addresses_type" CHECK ("customer_addresses"."type" in ('billing'))
);
--> statement-breakpoint
CREATE TABLE "customer_business_info" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"vat_number" text,
	"contact_person" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_contacts_type" CHECK ("customer_contacts"."type" in ('Email', 'Phone', 'Gsm'))
);
--> statement-breakpoint
CREATE TABLE "direct_debit_mandates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"bank_account_id" uuid,
	"iban" text NOT NULL,
	"reference" text NOT NULL,
	"signed_on" date NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_benefits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"membership_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"kind" text NOT NULL,
	"titles" jsonb NOT NULL,
	"amount_cents" integer
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"member_number" text NOT NULL,
	"member_since" date NOT NULL,
	"shares" integer NOT NULL,
	"share_value_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_shares" CHECK ("memberships"."shares" >= 0)
);
--> statement-breakpoint
CREATE TABLE "person_preferences" (
	"person_id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"color_scheme" text DEFAULT 'light' NOT NULL,
	"locale" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_preferences_color_scheme" CHECK ("person_preferences"."color_scheme" in ('auto', 'light', 'dark'))
);
--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_uploaded_by_person_id_auth_user_id_fk" FOREIGN KEY ("uploaded_by_person_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_comment_id_support_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."support_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_channels" ADD CONSTRAINT "support_channels_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_comments" ADD CONSTRAINT "support_comments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_comments" ADD CONSTRAINT "support_comments_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_comments" ADD CONSTRAINT "support_comments_author_person_id_auth_user_id_fk" FOREIGN KEY ("author_person_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_reference_names" ADD CONSTRAINT "support_reference_names_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_subtypes" ADD CONSTRAINT "support_subtypes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_subtypes" ADD CONSTRAINT "support_subtypes_topic_fk" FOREIGN KEY ("site_id","topic_code") REFERENCES "public"."support_topics"("site_id","code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_events" ADD CONSTRAINT "support_ticket_events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_events" ADD CONSTRAINT "support_ticket_events_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_events" ADD CONSTRAINT "support_ticket_events_assignee_person_id_auth_user_id_fk" FOREIGN KEY ("assignee_person_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_events" ADD CONSTRAINT "support_ticket_events_actor_person_id_auth_user_id_fk" FOREIGN KEY ("actor_person_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_assignee_person_id_auth_user_id_fk" FOREIGN KEY ("assignee_person_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_created_by_person_id_auth_user_id_fk" FOREIGN KEY ("created_by_person_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_topics" ADD CONSTRAINT "support_topics_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_verifications" ADD CONSTRAINT "contact_verifications_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_verifications" ADD CONSTRAINT "contact_verifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_verifications" ADD CONSTRAINT "contact_verifications_contact_id_customer_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."customer_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_business_info" ADD CONSTRAINT "customer_business_info_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_business_info" ADD CONSTRAINT "customer_business_info_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_contacts" ADD CONSTRAINT "customer_contacts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_contacts" ADD CONSTRAINT "customer_contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_mandates" ADD CONSTRAINT "direct_debit_mandates_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_mandates" ADD CONSTRAINT "direct_debit_mandates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_mandates" ADD CONSTRAINT "direct_debit_mandates_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_benefits" ADD CONSTRAINT "membership_benefits_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_benefits" ADD CONSTRAINT "membership_benefits_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_preferences" ADD CONSTRAINT "person_preferences_person_id_auth_user_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_preferences" ADD CONSTRAINT "person_preferences_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_attachments_ticket_idx" ON "support_attachments" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "support_attachments_unlinked_idx" ON "support_attachments" USING btree ("created_at") WHERE "support_attachments"."ticket_id" is null;--> statement-breakpoint
CREATE INDEX "support_comments_ticket_idx" ON "support_comments" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "support_comments_site_idx" ON "support_comments" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "support_subtypes_site_topic_idx" ON "support_subtypes" USING btree ("site_id","topic_code");--> statement-breakpoint
CREATE INDEX "support_ticket_events_ticket_idx" ON "support_ticket_events" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_tickets_site_number" ON "support_tickets" USING btree ("site_id","number");--> statement-breakpoint
CREATE INDEX "support_tickets_site_customer_idx" ON "support_tickets" USING btree ("site_id","customer_id","last_activity_at");--> statement-breakpoint
CREATE INDEX "support_tickets_site_status_idx" ON "support_tickets" USING btree ("site_id","status","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_site_assignee_idx" ON "support_tickets" USING btree ("site_id","assignee_person_id");--> statement-breakpoint
CREATE INDEX "bank_accounts_site_customer_idx" ON "bank_accounts" USING btree ("site_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_customer_iban" ON "bank_accounts" USING btree ("customer_id","iban");--> statement-breakpoint
CREATE INDEX "contact_verifications_contact_idx" ON "contact_verifications" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_verifications_token" ON "contact_verifications" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "customer_addresses_site_idx" ON "customer_addresses" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "customer_contacts_site_customer_idx" ON "customer_contacts" USING btree ("site_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_contacts_customer_type_value" ON "customer_contacts" USING btree ("customer_id","type","value");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_contacts_one_primary" ON "customer_contacts" USING btree ("customer_id","type") WHERE "customer_contacts"."is_primary";--> statement-breakpoint
CREATE INDEX "direct_debit_mandates_account_idx" ON "direct_debit_mandates" USING btree ("bank_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "direct_debit_mandates_site_reference" ON "direct_debit_mandates" USING btree ("site_id","reference");--> statement-breakpoint
CREATE INDEX "membership_benefits_membership_idx" ON "membership_benefits" USING btree ("membership_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_customer" ON "memberships" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_site_number" ON "memberships" USING btree ("site_id","member_number");