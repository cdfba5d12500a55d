CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` text,
	`actor_username` text,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text,
	`details` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_created` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_entity` ON `audit_log` (`entity_type`,`entity_id`);--> statement-breakpoint
CREATE TABLE `comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`story_id` integer NOT NULL,
	`user_id` text,
	`author` text NOT NULL,
	`content` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`story_id`) REFERENCES `stories`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `comments_story_created` ON `comments` (`story_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `donation_pools` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`goal_amount` integer NOT NULL,
	`current_amount` integer DEFAULT 0 NOT NULL,
	`bank_name` text NOT NULL,
	`bank_account` text NOT NULL,
	`account_name` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`photo_1` text,
	`photo_2` text,
	`photo_3` text,
	`video_url` text,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`photo_1`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`photo_2`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`photo_3`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "donation_pools_status_valid" CHECK("donation_pools"."status" IN ('active', 'completed', 'archived')),
	CONSTRAINT "donation_pools_goal_positive" CHECK("donation_pools"."goal_amount" > 0),
	CONSTRAINT "donation_pools_current_nonnegative" CHECK("donation_pools"."current_amount" >= 0)
);
--> statement-breakpoint
CREATE INDEX `donation_pools_status_created` ON `donation_pools` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `donations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`donor_name` text NOT NULL,
	`phone_number` text NOT NULL,
	`amount` integer NOT NULL,
	`bank_name` text NOT NULL,
	`bank_account` text,
	`transaction_reference` text,
	`message` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`display_in_leaderboard` integer DEFAULT true NOT NULL,
	`is_hidden` integer DEFAULT false NOT NULL,
	`donation_date` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`decided_at` text,
	`decided_by` text,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "donations_amount_positive" CHECK("donations"."amount" > 0),
	CONSTRAINT "donations_status_valid" CHECK("donations"."status" IN ('pending', 'verified', 'rejected'))
);
--> statement-breakpoint
CREATE INDEX `donations_status_date` ON `donations` (`status`,`donation_date`);--> statement-breakpoint
CREATE TABLE `faq_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`language` text NOT NULL,
	`item_key` text NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `faq_entries_language_item` ON `faq_entries` (`language`,`item_key`);--> statement-breakpoint
CREATE INDEX `faq_entries_language_position` ON `faq_entries` (`language`,`position`);--> statement-breakpoint
CREATE TABLE `media` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`mime_type` text NOT NULL,
	`size` integer NOT NULL,
	`width` integer,
	`height` integer,
	`duration_seconds` integer,
	`thumbnail_id` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `media_thumbnail` ON `media` (`thumbnail_id`);--> statement-breakpoint
CREATE TABLE `pool_donations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pool_id` integer NOT NULL,
	`donor_name` text NOT NULL,
	`phone_number` text NOT NULL,
	`amount` integer NOT NULL,
	`transaction_reference` text NOT NULL,
	`message` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`display_in_leaderboard` integer DEFAULT true NOT NULL,
	`is_hidden` integer DEFAULT false NOT NULL,
	`status_token` text NOT NULL,
	`donation_date` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`decided_at` text,
	`decided_by` text,
	FOREIGN KEY (`pool_id`) REFERENCES `donation_pools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "pool_donations_amount_positive" CHECK("pool_donations"."amount" > 0),
	CONSTRAINT "pool_donations_status_valid" CHECK("pool_donations"."status" IN ('pending', 'verified', 'rejected'))
);
--> statement-breakpoint
CREATE INDEX `pool_donations_pool_status_date` ON `pool_donations` (`pool_id`,`status`,`donation_date`);--> statement-breakpoint
CREATE INDEX `pool_donations_status_date` ON `pool_donations` (`status`,`donation_date`);--> statement-breakpoint
CREATE UNIQUE INDEX `pool_donations_status_token` ON `pool_donations` (`status_token`);--> statement-breakpoint
CREATE INDEX `pool_donations_reference` ON `pool_donations` (`transaction_reference`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`reset_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`data` text DEFAULT '{}' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_by` text,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `stories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text,
	`author` text NOT NULL,
	`title` text NOT NULL,
	`story` text NOT NULL,
	`story_image` text,
	`pricing_tier` text NOT NULL,
	`is_premium` integer GENERATED ALWAYS AS ((pricing_tier <> 'free')) VIRTUAL NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`is_approved` integer GENERATED ALWAYS AS ((status = 'approved')) VIRTUAL NOT NULL,
	`bank_name` text NOT NULL,
	`bank_account` text NOT NULL,
	`account_name` text,
	`payment_reference` text,
	`payment_status` text DEFAULT 'pending' NOT NULL,
	`price` integer DEFAULT 0 NOT NULL,
	`featured_days` integer,
	`submitted_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`approved_at` text,
	`rejected_at` text,
	`payment_verified_at` text,
	`expires_at` text,
	`hearts_count` integer DEFAULT 0 NOT NULL,
	`comments_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`story_image`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "stories_tier_valid" CHECK("stories"."pricing_tier" IN ('free', 'daily', 'weekly', 'monthly')),
	CONSTRAINT "stories_status_valid" CHECK("stories"."status" IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "stories_payment_valid" CHECK("stories"."payment_status" IN ('pending', 'verified'))
);
--> statement-breakpoint
CREATE INDEX `stories_status_submitted` ON `stories` (`status`,`submitted_at`);--> statement-breakpoint
CREATE INDEX `stories_status_hearts` ON `stories` (`status`,`hearts_count`,`submitted_at`);--> statement-breakpoint
CREATE INDEX `stories_featured` ON `stories` (`status`,`pricing_tier`,`expires_at`);--> statement-breakpoint
CREATE INDEX `stories_status_expires` ON `stories` (`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `stories_user` ON `stories` (`user_id`,`submitted_at`);--> statement-breakpoint
CREATE INDEX `stories_payment` ON `stories` (`payment_status`,`pricing_tier`,`submitted_at`);--> statement-breakpoint
CREATE INDEX `stories_payment_reference` ON `stories` (`payment_reference`);--> statement-breakpoint
CREATE TABLE `story_hearts` (
	`story_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`story_id`, `user_id`),
	FOREIGN KEY (`story_id`) REFERENCES `stories`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `story_hearts_user` ON `story_hearts` (`user_id`);--> statement-breakpoint
CREATE TABLE `user_roles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_roles_role_valid" CHECK("user_roles"."role" IN ('admin', 'user'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_roles_user_role` ON `user_roles` (`user_id`,`role`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`username_key` text NOT NULL,
	`password_hash` text NOT NULL,
	`avatar_url` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_key` ON `users` (`username_key`);