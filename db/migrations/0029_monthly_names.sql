ALTER TABLE `monthly_gifts` ADD `display_in_leaderboard` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `donations_monthly` ON `donations` (`monthly_gift_id`,`gift_month`);--> statement-breakpoint
CREATE INDEX `pool_donations_monthly` ON `pool_donations` (`monthly_gift_id`,`gift_month`);