ALTER TABLE `stories` ADD `rejection_reason` text;--> statement-breakpoint
ALTER TABLE `stories` ADD `rejection_note` text;--> statement-breakpoint
ALTER TABLE `stories` ADD `refunded_at` text;