CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`merchant_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`prefix` text NOT NULL,
	`hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_hash` ON `api_keys` (`hash`);--> statement-breakpoint
CREATE INDEX `api_keys_prefix` ON `api_keys` (`prefix`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`merchant_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`response_status` integer,
	`response_body` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`merchant_id`, `livemode`, `key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
CREATE TABLE `merchant_domains` (
	`id` text PRIMARY KEY NOT NULL,
	`merchant_id` text NOT NULL,
	`domain` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `merchant_domains_merchant` ON `merchant_domains` (`merchant_id`);--> statement-breakpoint
CREATE TABLE `merchants` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`time_zone` text DEFAULT 'UTC' NOT NULL,
	`reporting_currency` text DEFAULT 'USD' NOT NULL,
	`default_currency` text DEFAULT 'USD' NOT NULL,
	`fee_bps` integer DEFAULT 150 NOT NULL,
	`fee_fixed_usd_cents` integer DEFAULT 10 NOT NULL,
	`session_expiry_seconds` integer DEFAULT 900 NOT NULL,
	`monitoring_window_seconds` integer DEFAULT 86400 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `payment_sessions` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`merchant_id` text NOT NULL,
	`merchant_domain_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`status` text NOT NULL,
	`exception` text,
	`currency` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`amount_received_minor` integer DEFAULT 0 NOT NULL,
	`amount_refunded_minor` integer DEFAULT 0 NOT NULL,
	`description` text,
	`client_reference_id` text,
	`metadata` text DEFAULT '{}' NOT NULL,
	`line_items` text DEFAULT '[]' NOT NULL,
	`success_url` text,
	`cancel_url` text,
	`resolved_by` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`merchant_domain_id`) REFERENCES `merchant_domains`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_sessions_id` ON `payment_sessions` (`id`);--> statement-breakpoint
CREATE INDEX `payment_sessions_list` ON `payment_sessions` (`merchant_id`,`livemode`,`seq`);--> statement-breakpoint
CREATE INDEX `payment_sessions_expiry` ON `payment_sessions` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `session_quotes` (
	`session_id` text NOT NULL,
	`currency` text NOT NULL,
	`rate_scaled` text NOT NULL,
	`rate_source` text NOT NULL,
	`amount_due_minor` integer NOT NULL,
	PRIMARY KEY(`session_id`, `currency`),
	FOREIGN KEY (`session_id`) REFERENCES `payment_sessions`(`id`) ON UPDATE no action ON DELETE no action
);
