ALTER TABLE `users` ADD `email` text;--> statement-breakpoint
ALTER TABLE `users` ADD `email_confirmed_at` text;--> statement-breakpoint
ALTER TABLE `users` ADD `language` text DEFAULT 'mn' NOT NULL;