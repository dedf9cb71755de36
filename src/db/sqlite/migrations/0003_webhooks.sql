CREATE TABLE `cursors` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `webhook_attempts` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`delivery_id` text NOT NULL,
	`attempted_at` integer NOT NULL,
	`status_code` integer,
	`duration_ms` integer NOT NULL,
	`response_body` text,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `webhook_attempts_delivery` ON `webhook_attempts` (`delivery_id`,`seq`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`endpoint_id` text NOT NULL,
	`event_id` text NOT NULL,
	`event_type` text NOT NULL,
	`object_id` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`last_status_code` integer,
	`created_at` integer NOT NULL,
	`completed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_id` ON `webhook_deliveries` (`id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_endpoint` ON `webhook_deliveries` (`endpoint_id`,`seq`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_endpoint_due` ON `webhook_deliveries` (`endpoint_id`,`status`,`next_attempt_at`,`seq`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_object` ON `webhook_deliveries` (`endpoint_id`,`object_id`,`status`,`seq`);--> statement-breakpoint
CREATE TABLE `webhook_endpoints` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`merchant_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`url` text NOT NULL,
	`description` text,
	`enabled_events` text NOT NULL,
	`status` text NOT NULL,
	`disabled_reason` text,
	`secret` text NOT NULL,
	`previous_secret` text,
	`previous_secret_expires_at` integer,
	`from_event_seq` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_endpoints_id` ON `webhook_endpoints` (`id`);--> statement-breakpoint
CREATE INDEX `webhook_endpoints_list` ON `webhook_endpoints` (`merchant_id`,`livemode`,`seq`);