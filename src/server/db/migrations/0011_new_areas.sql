CREATE TABLE "load_control_relays" (
	"metering_point_id" uuid PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"device" text NOT NULL,
	"state" text NOT NULL,
	"state_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "load_control_relays_state" CHECK ("load_control_relays"."state" in ('on', 'off'))
);
--> statement-breakpoint
CREATE TABLE "meter_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"metering_point_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"voltage" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meter_events_kind" CHECK ("meter_events"."kind" in ('power-loss', 'power-return', 'voltage-low', 'voltage-high', 'relay-open', 'relay-close'))
);
--> statement-breakpoint
CREATE TABLE "outage_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"name" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outage_contacts_kind" CHECK ("outage_contacts"."kind" in ('Email', 'Phone', 'Gsm', 'Post'))
);
--> statement-breakpoint
CREATE TABLE "outage_points" (
	"outage_id" uuid NOT NULL,
	"site_id" text NOT NULL,
	"metering_point_id" uuid NOT NULL,
	CONSTRAINT "outage_points_pk" PRIMARY KEY("outage_id","metering_point_id")
);
--> statement-breakpoint
CREATE TABLE "outages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"external_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"cause" text,
	"area_name" text NOT NULL,
	"postal_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"estimated_restoration_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration_minutes" integer,
	"customers_affected" integer DEFAULT 0 NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"radius_km" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outages_kind" CHECK ("outages"."kind" in ('fault', 'planned')),
	CONSTRAINT "outages_status" CHECK ("outages"."status" in ('planned', 'active', 'restored', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "relay_commands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"metering_point_id" uuid NOT NULL,
	"action" text NOT NULL,
	"scheduled_for" timestamp with time zone,
	"until" timestamp with time zone,
	"state" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"head_end_ref" text,
	"failure" text,
	"requested_by" text,
	"customer_service" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "relay_commands_action" CHECK ("relay_commands"."action" in ('on', 'off')),
	CONSTRAINT "relay_commands_state" CHECK ("relay_commands"."state" in ('pending', 'sent', 'confirmed', 'failed', 'timed_out', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "inbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"event_key" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"event_key" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"locale" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_outbox_channel" CHECK ("notification_outbox"."channel" in ('Email', 'Gsm', 'Post', 'PushNotification'))
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"channels" jsonb NOT NULL,
	"contact_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"timing" text DEFAULT 'Always' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_timing" CHECK ("notification_settings"."timing" in ('Always', 'NoNightHours', 'SendAfterNightHours'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"person_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_vapid_keys" (
	"site_id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spot_price_alerts" (
	"site_id" text NOT NULL,
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"lower" numeric(8, 3),
	"upper" numeric(8, 3),
	"contact_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_person_id" text,
	"customer_service" boolean DEFAULT false NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"contract_id" uuid,
	"kind" text NOT NULL,
	"valid_until" date NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"energy_kind" text NOT NULL,
	"customer_kind" text DEFAULT 'any' NOT NULL,
	"product_group" text NOT NULL,
	"contract_type" text DEFAULT 'SupplyContract' NOT NULL,
	"price_model" text NOT NULL,
	"term_months" smallint,
	"visibility" text DEFAULT 'Public' NOT NULL,
	"target_group" text,
	"campaign_code" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_products_customer_kind" CHECK ("contract_products"."customer_kind" in ('private', 'legal', 'any')),
	CONSTRAINT "contract_products_energy_kind" CHECK ("contract_products"."energy_kind" in ('electricity', 'gas', 'heating'))
);
--> statement-breakpoint
CREATE TABLE "customer_target_groups" (
	"site_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"target_group" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_price_components" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"type" text NOT NULL,
	"value" numeric(12, 4) NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date
);
--> statement-breakpoint
CREATE TABLE "api_token_uses" (
	"token_id" uuid NOT NULL,
	"site_id" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"last_path" text,
	CONSTRAINT "api_token_uses_token_id_day_pk" PRIMARY KEY("token_id","day")
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"person_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"token_hash" text NOT NULL,
	"hint" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"person_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_fetched_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "energy_contracts" ADD COLUMN "contract_number" text;--> statement-breakpoint
ALTER TABLE "energy_contracts" ADD COLUMN "contract_type" text DEFAULT 'SupplyContract' NOT NULL;--> statement-breakpoint
ALTER TABLE "energy_contracts" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "energy_contracts" ADD COLUMN "term_months" smallint;--> statement-breakpoint
ALTER TABLE "energy_contracts" ADD COLUMN "term_end" date;--> statement-breakpoint
ALTER TABLE "energy_contracts" ADD COLUMN "billing_channel" jsonb;--> statement-breakpoint
ALTER TABLE "energy_contracts" ADD COLUMN "co_owner_name" text;--> statement-breakpoint
ALTER TABLE "energy_contracts" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "energy_contracts" ADD COLUMN "final_invoice_address" jsonb;--> statement-breakpoint
ALTER TABLE "energy_contracts" ADD COLUMN "move_out_reading_kwh" numeric(14, 3);--> statement-breakpoint
ALTER TABLE "energy_contracts" ADD COLUMN "previous_contract_id" uuid;--> statement-breakpoint
ALTER TABLE "energy_contracts" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "energy_contracts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "load_control_relays" ADD CONSTRAINT "load_control_relays_metering_point_id_metering_points_id_fk" FOREIGN KEY ("metering_point_id") REFERENCES "public"."metering_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_control_relays" ADD CONSTRAINT "load_control_relays_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_control_relays" ADD CONSTRAINT "load_control_relays_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_events" ADD CONSTRAINT "meter_events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_events" ADD CONSTRAINT "meter_events_metering_point_id_metering_points_id_fk" FOREIGN KEY ("metering_point_id") REFERENCES "public"."metering_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_contacts" ADD CONSTRAINT "outage_contacts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_contacts" ADD CONSTRAINT "outage_contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_contacts" ADD CONSTRAINT "outage_contacts_contract_id_energy_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."energy_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_points" ADD CONSTRAINT "outage_points_outage_id_outages_id_fk" FOREIGN KEY ("outage_id") REFERENCES "public"."outages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_points" ADD CONSTRAINT "outage_points_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_points" ADD CONSTRAINT "outage_points_metering_point_id_metering_points_id_fk" FOREIGN KEY ("metering_point_id") REFERENCES "public"."metering_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outages" ADD CONSTRAINT "outages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relay_commands" ADD CONSTRAINT "relay_commands_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relay_commands" ADD CONSTRAINT "relay_commands_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relay_commands" ADD CONSTRAINT "relay_commands_metering_point_id_metering_points_id_fk" FOREIGN KEY ("metering_point_id") REFERENCES "public"."metering_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_vapid_keys" ADD CONSTRAINT "push_vapid_keys_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_price_alerts" ADD CONSTRAINT "spot_price_alerts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_price_alerts" ADD CONSTRAINT "spot_price_alerts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_contract_id_energy_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."energy_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_offers" ADD CONSTRAINT "contract_offers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_offers" ADD CONSTRAINT "contract_offers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_offers" ADD CONSTRAINT "contract_offers_product_id_contract_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."contract_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_offers" ADD CONSTRAINT "contract_offers_contract_id_energy_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."energy_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_products" ADD CONSTRAINT "contract_products_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_target_groups" ADD CONSTRAINT "customer_target_groups_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_target_groups" ADD CONSTRAINT "customer_target_groups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_price_components" ADD CONSTRAINT "product_price_components_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_price_components" ADD CONSTRAINT "product_price_components_product_id_contract_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."contract_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_token_uses" ADD CONSTRAINT "api_token_uses_token_id_api_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."api_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_token_uses" ADD CONSTRAINT "api_token_uses_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_person_id_auth_user_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_person_id_auth_user_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "load_control_relays_customer_idx" ON "load_control_relays" USING btree ("site_id","customer_id");--> statement-breakpoint
CREATE INDEX "meter_events_point_idx" ON "meter_events" USING btree ("site_id","metering_point_id","at");--> statement-breakpoint
CREATE INDEX "outage_contacts_contract_idx" ON "outage_contacts" USING btree ("site_id","customer_id","contract_id");--> statement-breakpoint
CREATE INDEX "outage_points_point_idx" ON "outage_points" USING btree ("site_id","metering_point_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outages_site_external" ON "outages" USING btree ("site_id","external_id");--> statement-breakpoint
CREATE INDEX "outages_site_status_idx" ON "outages" USING btree ("site_id","status","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "relay_commands_idempotency" ON "relay_commands" USING btree ("site_id","customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "relay_commands_point_idx" ON "relay_commands" USING btree ("site_id","metering_point_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_messages_customer_event" ON "inbox_messages" USING btree ("customer_id","event_key");--> statement-breakpoint
CREATE INDEX "inbox_messages_site_customer_created" ON "inbox_messages" USING btree ("site_id","customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_outbox_key" ON "notification_outbox" USING btree ("site_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "notification_outbox_site_customer" ON "notification_outbox" USING btree ("site_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "notification_outbox_due" ON "notification_outbox" USING btree ("status","not_before");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_settings_customer_subject" ON "notification_settings" USING btree ("customer_id","subject");--> statement-breakpoint
CREATE INDEX "notification_settings_site_idx" ON "notification_settings" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_site_customer_endpoint" ON "push_subscriptions" USING btree ("site_id","customer_id","endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_site_customer" ON "push_subscriptions" USING btree ("site_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_key" ON "sms_messages" USING btree ("site_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "spot_price_alerts_site_enabled" ON "spot_price_alerts" USING btree ("site_id","enabled");--> statement-breakpoint
CREATE INDEX "contract_events_contract_idx" ON "contract_events" USING btree ("site_id","contract_id","created_at");--> statement-breakpoint
CREATE INDEX "contract_offers_site_customer_idx" ON "contract_offers" USING btree ("site_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_products_site_code" ON "contract_products" USING btree ("site_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_target_groups_pk" ON "customer_target_groups" USING btree ("site_id","customer_id","target_group");--> statement-breakpoint
CREATE INDEX "product_price_components_product_idx" ON "product_price_components" USING btree ("site_id","product_id","valid_from");--> statement-breakpoint
CREATE INDEX "api_token_uses_site_idx" ON "api_token_uses" USING btree ("site_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_person_idx" ON "api_tokens" USING btree ("site_id","person_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_hash" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "calendar_feeds_person_idx" ON "calendar_feeds" USING btree ("site_id","person_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "energy_contracts_site_number" ON "energy_contracts" USING btree ("site_id","contract_number");