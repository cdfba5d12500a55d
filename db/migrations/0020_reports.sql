CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`target_user_id` text,
	`reporter_id` text,
	`reason` text NOT NULL,
	`note` text,
	`status` text DEFAULT 'open' NOT NULL,
	`outcome` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`resolved_at` text,
	`resolved_by` text,
	FOREIGN KEY (`target_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "reports_target_valid" CHECK("reports"."target_type" IN ('story', 'comment')),
	CONSTRAINT "reports_status_valid" CHECK("reports"."status" IN ('open', 'resolved'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_once` ON `reports` (`target_type`,`target_id`,`reporter_id`);--> statement-breakpoint
CREATE INDEX `reports_open` ON `reports` (`status`,`target_type`,`target_id`);--> statement-breakpoint
ALTER TABLE `comments` ADD `hidden_at` text;--> statement-breakpoint
ALTER TABLE `stories` ADD `held_at` text;--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_until` text;