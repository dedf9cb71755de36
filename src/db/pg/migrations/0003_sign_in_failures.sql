CREATE TABLE "sign_in_failures" (
	"counter_key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"locked_until" bigint NOT NULL,
	"last_failure_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_failures_last" ON "sign_in_failures" USING btree ("last_failure_at");