ALTER TABLE `balance_transactions` ADD `tip_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `merchants` ADD `tips_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `merchants` ADD `tip_percentages` text DEFAULT '[10,15,20]' NOT NULL;--> statement-breakpoint
ALTER TABLE `merchants` ADD `tips_custom` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `payment_sessions` ADD `tip_minor` integer DEFAULT 0 NOT NULL;