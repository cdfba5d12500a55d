CREATE TABLE `payment_code_holds` (
	`code` text PRIMARY KEY NOT NULL,
	`visitor` text NOT NULL,
	`target` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_code_holds_visitor_target` ON `payment_code_holds` (`visitor`,`target`);--> statement-breakpoint
CREATE INDEX `payment_code_holds_expires` ON `payment_code_holds` (`expires_at`);