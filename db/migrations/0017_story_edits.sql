CREATE TABLE `story_edits` (
	`story_id` integer PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`story` text NOT NULL,
	`story_image` text,
	`bank_name` text NOT NULL,
	`bank_account` text NOT NULL,
	`account_name` text,
	`submitted_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`story_id`) REFERENCES `stories`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`story_image`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `comments` ADD `edited_at` text;