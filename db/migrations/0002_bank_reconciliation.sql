CREATE TABLE `statement_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`file_name` text NOT NULL,
	`preset` text,
	`encoding` text,
	`status` text NOT NULL,
	`pending_file` text,
	`lines_new` integer DEFAULT 0 NOT NULL,
	`lines_duplicate` integer DEFAULT 0 NOT NULL,
	`lines_outgoing` integer DEFAULT 0 NOT NULL,
	`lines_unreadable` integer DEFAULT 0 NOT NULL,
	`uploaded_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `statement_imports_created` ON `statement_imports` (`created_at`);--> statement-breakpoint
CREATE TABLE `statement_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`import_id` integer NOT NULL,
	`fingerprint` text NOT NULL,
	`booked_on` text NOT NULL,
	`amount` integer NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`counterparty` text,
	`account` text,
	`bank_reference` text,
	`status` text DEFAULT 'open' NOT NULL,
	`target_kind` text,
	`target_id` integer,
	`decided_at` text,
	`decided_by` text,
	FOREIGN KEY (`import_id`) REFERENCES `statement_imports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "statement_lines_amount_positive" CHECK("statement_lines"."amount" > 0),
	CONSTRAINT "statement_lines_status_valid" CHECK("statement_lines"."status" IN ('open', 'confirmed', 'dismissed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `statement_lines_fingerprint` ON `statement_lines` (`fingerprint`);--> statement-breakpoint
CREATE INDEX `statement_lines_status_booked` ON `statement_lines` (`status`,`booked_on`);--> statement-breakpoint
CREATE INDEX `statement_lines_import` ON `statement_lines` (`import_id`);--> statement-breakpoint
ALTER TABLE `donations` ADD `payment_code` text;--> statement-breakpoint
-- Donations made before payment codes get one from their id (new ones get a random code).
UPDATE `donations` SET `payment_code` = 'C' || (100000 + `id`) WHERE `id` < 900000;--> statement-breakpoint
CREATE UNIQUE INDEX `donations_payment_code` ON `donations` (`payment_code`);--> statement-breakpoint
ALTER TABLE `pool_donations` ADD `payment_code` text;--> statement-breakpoint
UPDATE `pool_donations` SET `payment_code` = 'X' || (100000 + `id`) WHERE `id` < 900000;--> statement-breakpoint
CREATE UNIQUE INDEX `pool_donations_payment_code` ON `pool_donations` (`payment_code`);