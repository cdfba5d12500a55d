CREATE INDEX `donations_status_decided` ON `donations` (`status`,`decided_at`);--> statement-breakpoint
CREATE INDEX `pool_donations_status_decided` ON `pool_donations` (`status`,`decided_at`);--> statement-breakpoint
CREATE INDEX `users_created` ON `users` (`created_at`);