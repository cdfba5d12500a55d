CREATE TABLE `monthly_gift_months` (
	`gift_id` integer NOT NULL,
	`month` text NOT NULL,
	`state` text,
	`reminded_at` text,
	PRIMARY KEY(`gift_id`, `month`),
	FOREIGN KEY (`gift_id`) REFERENCES `monthly_gifts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `monthly_gifts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pool_id` integer,
	`user_id` text,
	`donor_name` text NOT NULL,
	`email` text,
	`phone_number` text,
	`remind_by_email` integer DEFAULT false NOT NULL,
	`remind_by_sms` integer DEFAULT false NOT NULL,
	`method` text NOT NULL,
	`amount` integer NOT NULL,
	`day_of_month` integer NOT NULL,
	`payment_code` text NOT NULL,
	`language` text DEFAULT 'mn' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`paused_until` text,
	`missed_in_row` integer DEFAULT 0 NOT NULL,
	`link_version` integer DEFAULT 1 NOT NULL,
	`stop_reason` text,
	`stopped_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`pool_id`) REFERENCES `donation_pools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "monthly_gifts_amount_positive" CHECK("monthly_gifts"."amount" > 0),
	CONSTRAINT "monthly_gifts_day_valid" CHECK("monthly_gifts"."day_of_month" BETWEEN 1 AND 31),
	CONSTRAINT "monthly_gifts_reminded" CHECK("monthly_gifts"."remind_by_email" = 1 OR "monthly_gifts"."remind_by_sms" = 1),
	CONSTRAINT "monthly_gifts_status_valid" CHECK("monthly_gifts"."status" IN ('active', 'paused', 'stopped')),
	CONSTRAINT "monthly_gifts_method_valid" CHECK("monthly_gifts"."method" IN ('standing_order', 'reminder'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `monthly_gifts_payment_code` ON `monthly_gifts` (`payment_code`);--> statement-breakpoint
CREATE INDEX `monthly_gifts_pool_status` ON `monthly_gifts` (`pool_id`,`status`);--> statement-breakpoint
CREATE INDEX `monthly_gifts_user` ON `monthly_gifts` (`user_id`);--> statement-breakpoint
CREATE INDEX `monthly_gifts_status_day` ON `monthly_gifts` (`status`,`day_of_month`);--> statement-breakpoint
ALTER TABLE `donations` ADD `monthly_gift_id` integer REFERENCES monthly_gifts(id);--> statement-breakpoint
ALTER TABLE `donations` ADD `gift_month` text;--> statement-breakpoint
ALTER TABLE `pool_donations` ADD `monthly_gift_id` integer REFERENCES monthly_gifts(id);--> statement-breakpoint
ALTER TABLE `pool_donations` ADD `gift_month` text;