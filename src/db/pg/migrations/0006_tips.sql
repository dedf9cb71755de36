ALTER TABLE "balance_transactions" ADD COLUMN "tip_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "tips_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "tip_percentages" text DEFAULT '[10,15,20]' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "tips_custom" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "tip_minor" bigint DEFAULT 0 NOT NULL;