CREATE TABLE `deposits` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`merchant_id` text NOT NULL,
	`network` text NOT NULL,
	`livemode` integer NOT NULL,
	`tx_id` text NOT NULL,
	`event_index` integer NOT NULL,
	`block_number` integer NOT NULL,
	`block_ref` text NOT NULL,
	`block_time` integer NOT NULL,
	`from_address` text NOT NULL,
	`to_address` text NOT NULL,
	`currency` text,
	`token_contract` text NOT NULL,
	`amount_base` text NOT NULL,
	`decimals` integer NOT NULL,
	`reason` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deposits_id` ON `deposits` (`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `deposits_transfer` ON `deposits` (`network`,`livemode`,`tx_id`,`event_index`);--> statement-breakpoint
CREATE INDEX `deposits_list` ON `deposits` (`merchant_id`,`livemode`,`status`);