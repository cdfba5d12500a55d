-- SQLite adds a NOT NULL column only with a default; existing rows get a random token before the unique index.
ALTER TABLE `donations` ADD `status_token` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `donations` SET `status_token` = lower(hex(randomblob(18))) WHERE `status_token` = '';--> statement-breakpoint
CREATE UNIQUE INDEX `donations_status_token` ON `donations` (`status_token`);
