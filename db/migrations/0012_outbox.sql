CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`dedupe_key` text NOT NULL,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	`kind` text NOT NULL,
	`language` text DEFAULT 'mn' NOT NULL,
	`params` text DEFAULT '{}' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`claimed_until` text,
	`last_error` text,
	`subject` text,
	`body` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`sent_at` text,
	CONSTRAINT "outbox_channel_valid" CHECK("outbox"."channel" IN ('email', 'sms')),
	CONSTRAINT "outbox_status_valid" CHECK("outbox"."status" IN ('pending', 'sending', 'sent', 'failed', 'dead', 'skipped'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_dedupe` ON `outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `outbox_due` ON `outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `outbox_created` ON `outbox` (`created_at`);--> statement-breakpoint
ALTER TABLE `donations` ADD `email` text;--> statement-breakpoint
ALTER TABLE `donations` ADD `language` text DEFAULT 'mn' NOT NULL;--> statement-breakpoint
ALTER TABLE `pool_donations` ADD `email` text;--> statement-breakpoint
ALTER TABLE `pool_donations` ADD `language` text DEFAULT 'mn' NOT NULL;