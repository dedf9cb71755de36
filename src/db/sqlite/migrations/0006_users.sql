CREATE TABLE `ui_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`ended_at` integer,
	`livemode` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ui_sessions_token` ON `ui_sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `ui_sessions_user` ON `ui_sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`merchant_id` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`role` text NOT NULL,
	`pin_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`disabled_at` integer,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_active_name` ON `users` (`merchant_id`,`name_key`) WHERE "users"."disabled_at" is null;--> statement-breakpoint
CREATE INDEX `users_merchant` ON `users` (`merchant_id`);