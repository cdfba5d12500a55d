CREATE TABLE `pool_update_media` (
	`update_id` integer NOT NULL,
	`kind` text NOT NULL,
	`position` integer NOT NULL,
	`media_id` text NOT NULL,
	PRIMARY KEY(`update_id`, `kind`, `position`),
	FOREIGN KEY (`update_id`) REFERENCES `pool_updates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`media_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "pool_update_media_kind_valid" CHECK("pool_update_media"."kind" IN ('photo', 'receipt'))
);
--> statement-breakpoint
CREATE INDEX `pool_update_media_media` ON `pool_update_media` (`media_id`);--> statement-breakpoint
CREATE TABLE `pool_updates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pool_id` integer NOT NULL,
	`body_mn` text NOT NULL,
	`body_en` text,
	`spent_amount` integer,
	`spent_on_mn` text,
	`spent_on_en` text,
	`is_final` integer DEFAULT false NOT NULL,
	`raised_at_close` integer,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`pool_id`) REFERENCES `donation_pools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "pool_updates_spent_valid" CHECK("pool_updates"."spent_amount" IS NULL OR ("pool_updates"."spent_amount" > 0 AND "pool_updates"."spent_on_mn" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX `pool_updates_pool_created` ON `pool_updates` (`pool_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `pool_updates_one_final` ON `pool_updates` (`pool_id`) WHERE "pool_updates"."is_final" = 1;--> statement-breakpoint
CREATE TABLE `receipts` (
	`number` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`donation_id` integer NOT NULL,
	`issued_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "receipts_kind_valid" CHECK("receipts"."kind" IN ('pool', 'general'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_donation` ON `receipts` (`kind`,`donation_id`);--> statement-breakpoint
CREATE INDEX `pool_donations_pool_status_amount` ON `pool_donations` (`pool_id`,`status`,`amount`);--> statement-breakpoint
CREATE INDEX `pool_donations_status_amount` ON `pool_donations` (`status`,`amount`);--> statement-breakpoint
CREATE INDEX `statement_lines_target` ON `statement_lines` (`target_kind`,`target_id`);