CREATE TABLE `author_follows` (
	`follower_id` text NOT NULL,
	`author_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`follower_id`, `author_id`),
	FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `author_follows_author` ON `author_follows` (`author_id`);--> statement-breakpoint
CREATE TABLE `pool_follows` (
	`follower_id` text NOT NULL,
	`pool_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`follower_id`, `pool_id`),
	FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`pool_id`) REFERENCES `donation_pools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pool_follows_pool` ON `pool_follows` (`pool_id`);--> statement-breakpoint
CREATE TABLE `read_salts` (
	`day` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `read_visitors` (
	`day` text NOT NULL,
	`story_id` integer NOT NULL,
	`visitor` text NOT NULL,
	PRIMARY KEY(`day`, `story_id`, `visitor`)
);
--> statement-breakpoint
CREATE TABLE `story_read_sources` (
	`story_id` integer NOT NULL,
	`day` text NOT NULL,
	`source` text NOT NULL,
	`reads` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`story_id`, `day`, `source`),
	FOREIGN KEY (`story_id`) REFERENCES `stories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `story_reads` (
	`story_id` integer NOT NULL,
	`day` text NOT NULL,
	`reads` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`story_id`, `day`),
	FOREIGN KEY (`story_id`) REFERENCES `stories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `story_reads_day` ON `story_reads` (`day`);--> statement-breakpoint
ALTER TABLE `users` ADD `digest` text DEFAULT 'weekly' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `digest_covered_until` text;