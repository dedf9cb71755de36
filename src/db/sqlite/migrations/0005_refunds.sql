CREATE TABLE `refund_wallets` (
	`merchant_id` text NOT NULL,
	`family` text NOT NULL,
	`livemode` integer NOT NULL,
	`address` text NOT NULL,
	`sealed_key` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`merchant_id`, `family`, `livemode`),
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `refunds` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`merchant_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`session_id` text NOT NULL,
	`payment_id` text NOT NULL,
	`network` text NOT NULL,
	`currency` text NOT NULL,
	`token_contract` text NOT NULL,
	`decimals` integer NOT NULL,
	`amount_minor` integer NOT NULL,
	`amount_pricing_minor` integer NOT NULL,
	`amount_base` text NOT NULL,
	`destination` text,
	`destination_source` text NOT NULL,
	`status` text NOT NULL,
	`reason` text,
	`action_reason` text,
	`failure_reason` text,
	`payout_method` text NOT NULL,
	`from_address` text,
	`nonce` integer,
	`raw_tx` text,
	`tx_hash` text,
	`block_number` integer,
	`confirmations` integer DEFAULT 0 NOT NULL,
	`broadcasts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`ledger_entries` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`session_id`) REFERENCES `payment_sessions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_id` ON `refunds` (`id`);--> statement-breakpoint
CREATE INDEX `refunds_list` ON `refunds` (`merchant_id`,`livemode`,`seq`);--> statement-breakpoint
CREATE INDEX `refunds_session` ON `refunds` (`session_id`);--> statement-breakpoint
CREATE INDEX `refunds_open` ON `refunds` (`network`,`livemode`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_nonce` ON `refunds` (`network`,`livemode`,`from_address`,`nonce`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_tx` ON `refunds` (`network`,`livemode`,`tx_hash`);