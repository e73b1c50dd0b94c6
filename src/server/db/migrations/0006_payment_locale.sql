ALTER TABLE "payments" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_sessions" ADD COLUMN "reference" text;