CREATE TABLE `chain_blocks` (
	`network` text NOT NULL,
	`livemode` integer NOT NULL,
	`number` integer NOT NULL,
	`hash` text NOT NULL,
	PRIMARY KEY(`network`, `livemode`, `number`)
);
--> statement-breakpoint
CREATE TABLE `chain_cursors` (
	`network` text NOT NULL,
	`livemode` integer NOT NULL,
	`chain_id` integer NOT NULL,
	`block_number` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`network`, `livemode`)
);
--> statement-breakpoint
CREATE TABLE `events` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`merchant_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`type` text NOT NULL,
	`object_id` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_id` ON `events` (`id`);--> statement-breakpoint
CREATE INDEX `events_list` ON `events` (`merchant_id`,`livemode`,`seq`);--> statement-breakpoint
CREATE INDEX `events_object` ON `events` (`object_id`,`seq`);--> statement-breakpoint
CREATE TABLE `payments` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`session_id` text,
	`network` text NOT NULL,
	`livemode` integer NOT NULL,
	`currency` text NOT NULL,
	`token_contract` text NOT NULL,
	`tx_hash` text NOT NULL,
	`log_index` integer NOT NULL,
	`block_number` integer NOT NULL,
	`block_hash` text NOT NULL,
	`block_time` integer NOT NULL,
	`from_address` text NOT NULL,
	`to_address` text NOT NULL,
	`amount_base` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`confirmations` integer NOT NULL,
	`status` text NOT NULL,
	`detected_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `payment_sessions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_id` ON `payments` (`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_transfer` ON `payments` (`network`,`livemode`,`tx_hash`,`log_index`);--> statement-breakpoint
CREATE INDEX `payments_session` ON `payments` (`session_id`);--> statement-breakpoint
CREATE INDEX `payments_unconfirmed` ON `payments` (`network`,`livemode`,`status`);--> statement-breakpoint
CREATE TABLE `session_addresses` (
	`session_id` text NOT NULL,
	`family` text NOT NULL,
	`livemode` integer NOT NULL,
	`address` text NOT NULL,
	`derivation_index` integer NOT NULL,
	`watch_until` integer NOT NULL,
	PRIMARY KEY(`session_id`, `family`),
	FOREIGN KEY (`session_id`) REFERENCES `payment_sessions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `session_addresses_address` ON `session_addresses` (`family`,`livemode`,`address`);--> statement-breakpoint
CREATE INDEX `session_addresses_watch` ON `session_addresses` (`livemode`,`watch_until`);--> statement-breakpoint
CREATE TABLE `wallets` (
	`merchant_id` text NOT NULL,
	`family` text NOT NULL,
	`livemode` integer NOT NULL,
	`xpub` text NOT NULL,
	`next_index` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`merchant_id`, `family`, `livemode`),
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action
);
