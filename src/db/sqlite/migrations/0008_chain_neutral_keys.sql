-- Chain-neutral storage keys (docs/architecture.md, "Chain families"): payments are keyed by
-- transaction id, event index and block reference; cursors hold the chain id and position as text,
-- written by the network's family; refunds' uniqueness is the payout key the family computes
-- (EVM: `from:nonce`), with the rest of its chain data (the nonce) as the family's JSON.
ALTER TABLE `payments` RENAME COLUMN `tx_hash` TO `tx_id`;--> statement-breakpoint
ALTER TABLE `payments` RENAME COLUMN `log_index` TO `event_index`;--> statement-breakpoint
ALTER TABLE `payments` RENAME COLUMN `block_hash` TO `block_ref`;--> statement-breakpoint
CREATE TABLE `__new_chain_cursors` (
	`network` text NOT NULL,
	`livemode` integer NOT NULL,
	`chain_id` text NOT NULL,
	`position` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`network`, `livemode`)
);
--> statement-breakpoint
INSERT INTO `__new_chain_cursors` (`network`, `livemode`, `chain_id`, `position`, `updated_at`)
	SELECT `network`, `livemode`, CAST(`chain_id` AS text), CAST(`block_number` AS text), `updated_at` FROM `chain_cursors`;--> statement-breakpoint
DROP TABLE `chain_cursors`;--> statement-breakpoint
ALTER TABLE `__new_chain_cursors` RENAME TO `chain_cursors`;--> statement-breakpoint
ALTER TABLE `refunds` RENAME COLUMN `tx_hash` TO `tx_id`;--> statement-breakpoint
ALTER TABLE `refunds` ADD `payout_key` text;--> statement-breakpoint
ALTER TABLE `refunds` ADD `payout_data` text;--> statement-breakpoint
-- Every refund signed so far is an EVM payout: its key is the wallet and nonce, its data the nonce.
UPDATE `refunds` SET `payout_key` = `from_address` || ':' || `nonce`, `payout_data` = json_object('nonce', `nonce`)
	WHERE `nonce` IS NOT NULL AND `from_address` IS NOT NULL;--> statement-breakpoint
DROP INDEX `refunds_nonce`;--> statement-breakpoint
ALTER TABLE `refunds` DROP COLUMN `nonce`;--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_payout_key` ON `refunds` (`network`,`livemode`,`payout_key`);
