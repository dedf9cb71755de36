ALTER TABLE "deposits" ADD COLUMN "confirmations" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "deposits_unconfirmed" ON "deposits" USING btree ("network","livemode","confirmed");