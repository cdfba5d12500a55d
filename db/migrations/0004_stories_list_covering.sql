DROP INDEX `stories_status_submitted`;--> statement-breakpoint
DROP INDEX `stories_status_listed`;--> statement-breakpoint
DROP INDEX `stories_status_hearts`;--> statement-breakpoint
CREATE INDEX `stories_status_submitted` ON `stories` (`status`,`submitted_at`,`id`,`pricing_tier`,`expires_at`);--> statement-breakpoint
CREATE INDEX `stories_status_listed` ON `stories` (`status`, coalesce(`approved_at`, `submitted_at`), `id`, `pricing_tier`, `expires_at`);--> statement-breakpoint
CREATE INDEX `stories_status_hearts` ON `stories` (`status`,`hearts_count`,`submitted_at`,`id`,`pricing_tier`,`expires_at`);