ALTER TABLE `comments` ADD `held_at` text;--> statement-breakpoint
ALTER TABLE `comments` ADD `held_word` text;--> statement-breakpoint
ALTER TABLE `stories` ADD `held_word` text;--> statement-breakpoint
ALTER TABLE `story_edits` ADD `held_word` text;