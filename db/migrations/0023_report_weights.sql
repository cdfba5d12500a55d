ALTER TABLE `reports` ADD `weight` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `reports` ADD `device_hash` text;--> statement-breakpoint
ALTER TABLE `reports` ADD `address_hash` text;