CREATE TABLE "contract_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"kind" text DEFAULT 'uploaded' NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea",
	"storage_key" text,
	"uploaded_by_person_id" text,
	"uploaded_by_customer_service" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_documents_kind" CHECK ("contract_documents"."kind" in ('uploaded', 'signed')),
	CONSTRAINT "contract_documents_size" CHECK ("contract_documents"."size" > 0),
	CONSTRAINT "contract_documents_content" CHECK ("contract_documents"."data" is not null or "contract_documents"."storage_key" is not null)
);
--> statement-breakpoint
ALTER TABLE "energy_contracts" ADD COLUMN "additional_product_id" uuid;--> statement-breakpoint
ALTER TABLE "contract_offers" ADD COLUMN "additional_product_id" uuid;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_contract_id_energy_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."energy_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_uploaded_by_person_id_auth_user_id_fk" FOREIGN KEY ("uploaded_by_person_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_documents_contract_idx" ON "contract_documents" USING btree ("site_id","customer_id","contract_id","created_at");--> statement-breakpoint
ALTER TABLE "contract_offers" ADD CONSTRAINT "contract_offers_additional_product_id_contract_products_id_fk" FOREIGN KEY ("additional_product_id") REFERENCES "public"."contract_products"("id") ON DELETE set null ON UPDATE no action;