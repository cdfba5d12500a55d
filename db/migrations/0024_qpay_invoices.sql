CREATE TABLE `qpay_invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`target_kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`status` text NOT NULL,
	`sender_invoice_no` text NOT NULL,
	`amount` integer NOT NULL,
	`callback_token` text NOT NULL,
	`invoice_id` text,
	`qr_text` text,
	`qr_image` text,
	`short_url` text,
	`urls` text,
	`payment_id` text,
	`paid_amount` integer,
	`paid_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`checked_at` text,
	`next_check_at` text,
	CONSTRAINT "qpay_invoices_amount_positive" CHECK("qpay_invoices"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `qpay_invoices_callback_token` ON `qpay_invoices` (`callback_token`);--> statement-breakpoint
CREATE UNIQUE INDEX `qpay_invoices_sender_no` ON `qpay_invoices` (`sender_invoice_no`);--> statement-breakpoint
CREATE UNIQUE INDEX `qpay_invoices_live_target` ON `qpay_invoices` (`target_kind`,`target_id`) WHERE status IN ('creating', 'open', 'paid');--> statement-breakpoint
CREATE INDEX `qpay_invoices_target` ON `qpay_invoices` (`target_kind`,`target_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `qpay_invoices_next_check` ON `qpay_invoices` (`next_check_at`);