ALTER TABLE `sessions` ADD `device` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` text;