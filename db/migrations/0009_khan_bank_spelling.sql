-- Issue 26: the bank is spelled its own way, Khan Bank, everywhere (it was "Khaan Bank" in the
-- list, the seed and the defaults). Rows stored with the old spelling are renamed; the forms and
-- /api still read the old spelling as this bank (BANK_ALIASES).
UPDATE `stories` SET `bank_name` = 'Khan Bank' WHERE `bank_name` = 'Khaan Bank';
--> statement-breakpoint
UPDATE `donations` SET `bank_name` = 'Khan Bank' WHERE `bank_name` = 'Khaan Bank';
--> statement-breakpoint
UPDATE `donation_pools` SET `bank_name` = 'Khan Bank' WHERE `bank_name` = 'Khaan Bank';
