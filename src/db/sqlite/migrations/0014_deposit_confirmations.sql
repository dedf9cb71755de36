ALTER TABLE `deposits` ADD `confirmations` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `deposits` ADD `confirmed` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `deposits_unconfirmed` ON `deposits` (`network`,`livemode`,`confirmed`);