DROP INDEX `payments_transfer`;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_transfer` ON `payments` (`network`,`livemode`,`tx_hash`,`log_index`,`block_hash`);