PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_refunds` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`merchant_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`session_id` text,
	`payment_id` text,
	`deposit_id` text,
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
	`raw_tx` text,
	`tx_id` text,
	`block_number` integer,
	`confirmations` integer DEFAULT 0 NOT NULL,
	`broadcasts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`ledger_entries` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`payout_key` text,
	`payout_data` text,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`session_id`) REFERENCES `payment_sessions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_refunds`("seq", "id", "merchant_id", "livemode", "session_id", "payment_id", "network", "currency", "token_contract", "decimals", "amount_minor", "amount_pricing_minor", "amount_base", "destination", "destination_source", "status", "reason", "action_reason", "failure_reason", "payout_method", "from_address", "raw_tx", "tx_id", "block_number", "confirmations", "broadcasts", "last_error", "ledger_entries", "created_at", "updated_at", "payout_key", "payout_data") SELECT "seq", "id", "merchant_id", "livemode", "session_id", "payment_id", "network", "currency", "token_contract", "decimals", "amount_minor", "amount_pricing_minor", "amount_base", "destination", "destination_source", "status", "reason", "action_reason", "failure_reason", "payout_method", "from_address", "raw_tx", "tx_id", "block_number", "confirmations", "broadcasts", "last_error", "ledger_entries", "created_at", "updated_at", "payout_key", "payout_data" FROM `refunds`;--> statement-breakpoint
DROP TABLE `refunds`;--> statement-breakpoint
ALTER TABLE `__new_refunds` RENAME TO `refunds`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_id` ON `refunds` (`id`);--> statement-breakpoint
CREATE INDEX `refunds_list` ON `refunds` (`merchant_id`,`livemode`,`seq`);--> statement-breakpoint
CREATE INDEX `refunds_session` ON `refunds` (`session_id`);--> statement-breakpoint
CREATE INDEX `refunds_deposit` ON `refunds` (`deposit_id`);--> statement-breakpoint
CREATE INDEX `refunds_open` ON `refunds` (`network`,`livemode`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_payout_key` ON `refunds` (`network`,`livemode`,`payout_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_tx` ON `refunds` (`network`,`livemode`,`tx_id`);--> statement-breakpoint
ALTER TABLE `deposits` ADD `resolved_session_id` text;--> statement-breakpoint
ALTER TABLE `deposits` ADD `refund_id` text;--> statement-breakpoint
ALTER TABLE `deposits` ADD `note` text;--> statement-breakpoint
ALTER TABLE `deposits` ADD `resolved_at` integer;--> statement-breakpoint
ALTER TABLE `deposits` ADD `resolved_by` text;