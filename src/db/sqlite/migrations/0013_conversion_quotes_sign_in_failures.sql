CREATE TABLE `conversion_quotes` (
	`id` text PRIMARY KEY NOT NULL,
	`merchant_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`from_currency` text NOT NULL,
	`from_amount_minor` integer NOT NULL,
	`to_currency` text NOT NULL,
	`to_amount_minor` integer NOT NULL,
	`fee_minor` integer NOT NULL,
	`rate_scaled` text NOT NULL,
	`rate_source` text NOT NULL,
	`rate_as_of` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `conversion_quotes_expiry` ON `conversion_quotes` (`expires_at`);--> statement-breakpoint
CREATE TABLE `sign_in_failures` (
	`counter_key` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`locked_until` integer NOT NULL,
	`last_failure_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sign_in_failures_last` ON `sign_in_failures` (`last_failure_at`);