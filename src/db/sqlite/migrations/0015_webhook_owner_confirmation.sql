ALTER TABLE `webhook_attempts` ADD `answer_hidden` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `owner_confirmed_at` integer;--> statement-breakpoint
-- Attempts logged before this version did not record the address that answered: their answers are kept back, as an unconfirmed local endpoint's are (docs/webhooks.md).
UPDATE `webhook_attempts` SET `response_body` = NULL, `error` = CASE WHEN `error` IS NULL THEN NULL ELSE 'no HTTP answer (the detail, logged before this version, is kept back)' END, `answer_hidden` = 1;
