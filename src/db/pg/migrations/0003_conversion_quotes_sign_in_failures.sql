CREATE TABLE "conversion_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"from_currency" text NOT NULL,
	"from_amount_minor" bigint NOT NULL,
	"to_currency" text NOT NULL,
	"to_amount_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"rate_scaled" numeric(78, 0) NOT NULL,
	"rate_source" text NOT NULL,
	"rate_as_of" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"counter_key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"locked_until" bigint NOT NULL,
	"last_failure_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversion_quotes" ADD CONSTRAINT "conversion_quotes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversion_quotes_expiry" ON "conversion_quotes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_last" ON "sign_in_failures" USING btree ("last_failure_at");