CREATE TABLE `story_drafts` (
	`user_id` text PRIMARY KEY NOT NULL,
	`payment_reference` text NOT NULL,
	`image_id` text,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`image_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `story_drafts_payment_reference_unique` ON `story_drafts` (`payment_reference`);--> statement-breakpoint
CREATE INDEX `story_drafts_expires` ON `story_drafts` (`expires_at`);