CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"created_by" uuid,
	"plan" text NOT NULL,
	"amount_usd" numeric(14, 2) NOT NULL,
	"list_price_usd" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(30, 8),
	"address" text,
	"mode" text NOT NULL,
	"processor_invoice_id" text,
	"checkout_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"confirmed_by" text,
	"payment_id" uuid,
	"period_end" timestamp with time zone,
	CONSTRAINT "invoices_processor_invoice_id_unique" UNIQUE("processor_invoice_id")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_team_created_idx" ON "invoices" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_status_created_idx" ON "invoices" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_pending_amount_uq" ON "invoices" USING btree ("currency","amount") WHERE "invoices"."status" = 'pending' and "invoices"."mode" = 'direct';