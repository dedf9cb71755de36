CREATE TABLE `balance_transactions` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`merchant_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`type` text NOT NULL,
	`currency` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`fee_minor` integer NOT NULL,
	`net_minor` integer NOT NULL,
	`available_on` integer NOT NULL,
	`settles` integer NOT NULL,
	`source_id` text NOT NULL,
	`description` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `balance_transactions_id` ON `balance_transactions` (`id`);--> statement-breakpoint
CREATE INDEX `balance_transactions_list` ON `balance_transactions` (`merchant_id`,`livemode`,`seq`);--> statement-breakpoint
CREATE INDEX `balance_transactions_source` ON `balance_transactions` (`source_id`);--> statement-breakpoint
CREATE TABLE `conversions` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`merchant_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`from_currency` text NOT NULL,
	`from_amount_minor` integer NOT NULL,
	`to_currency` text NOT NULL,
	`to_amount_minor` integer NOT NULL,
	`fee_minor` integer NOT NULL,
	`rate_scaled` text NOT NULL,
	`rate_source` text NOT NULL,
	`quote_id` text,
	`automatic` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversions_id` ON `conversions` (`id`);--> statement-breakpoint
CREATE INDEX `conversions_list` ON `conversions` (`merchant_id`,`livemode`,`seq`);--> statement-breakpoint
CREATE TABLE `funds_accounts` (
	`merchant_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`currency` text NOT NULL,
	`available_minor` integer NOT NULL,
	`pending_minor` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`merchant_id`, `livemode`, `currency`),
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `settlements` (
	`id` text PRIMARY KEY NOT NULL,
	`merchant_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`currency` text NOT NULL,
	`available_on` integer NOT NULL,
	`amount_minor` integer NOT NULL,
	`entry_count` integer NOT NULL,
	`status` text NOT NULL,
	`settled_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `settlements_group` ON `settlements` (`merchant_id`,`livemode`,`currency`,`available_on`);--> statement-breakpoint
CREATE INDEX `settlements_due` ON `settlements` (`status`,`available_on`);--> statement-breakpoint
ALTER TABLE `merchants` ADD `settlement_currency` text;--> statement-breakpoint
ALTER TABLE `merchants` ADD `conversion_fee_bps` integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE `session_quotes` ADD `fee_fixed_minor` integer DEFAULT 0 NOT NULL;