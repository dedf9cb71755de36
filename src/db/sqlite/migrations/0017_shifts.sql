CREATE TABLE `shifts` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`merchant_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`till` text NOT NULL,
	`opened_by` text NOT NULL,
	`opened_at` integer NOT NULL,
	`closed_at` integer,
	`closed_by` text,
	`report` text,
	`reconciled_at` integer,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shifts_id` ON `shifts` (`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `shifts_open_till` ON `shifts` (`merchant_id`,`livemode`,`till`) WHERE "shifts"."closed_at" is null;--> statement-breakpoint
CREATE INDEX `shifts_list` ON `shifts` (`merchant_id`,`livemode`,`seq`);--> statement-breakpoint
ALTER TABLE `payment_sessions` ADD `shift_id` text;--> statement-breakpoint
ALTER TABLE `payment_sessions` ADD `created_by` text;--> statement-breakpoint
CREATE INDEX `payment_sessions_shift` ON `payment_sessions` (`shift_id`);