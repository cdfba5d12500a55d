CREATE TABLE `donation_totals` (
	`status` text PRIMARY KEY NOT NULL,
	`gifts` integer DEFAULT 0 NOT NULL,
	`amount` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `donation_totals` (`status`, `gifts`, `amount`)
  SELECT `status`, count(*), coalesce(sum(`amount`), 0) FROM `pool_donations` GROUP BY `status`;--> statement-breakpoint
CREATE TRIGGER `donation_totals_insert` AFTER INSERT ON `pool_donations` BEGIN
  INSERT INTO `donation_totals` (`status`, `gifts`, `amount`) VALUES (new.`status`, 1, new.`amount`)
    ON CONFLICT (`status`) DO UPDATE SET `gifts` = `gifts` + 1, `amount` = `amount` + excluded.`amount`;
END;--> statement-breakpoint
CREATE TRIGGER `donation_totals_delete` AFTER DELETE ON `pool_donations` BEGIN
  UPDATE `donation_totals` SET `gifts` = `gifts` - 1, `amount` = `amount` - old.`amount`
    WHERE `status` = old.`status`;
END;--> statement-breakpoint
CREATE TRIGGER `donation_totals_update` AFTER UPDATE OF `status`, `amount` ON `pool_donations`
  WHEN old.`status` IS NOT new.`status` OR old.`amount` IS NOT new.`amount` BEGIN
  UPDATE `donation_totals` SET `gifts` = `gifts` - 1, `amount` = `amount` - old.`amount`
    WHERE `status` = old.`status`;
  INSERT INTO `donation_totals` (`status`, `gifts`, `amount`) VALUES (new.`status`, 1, new.`amount`)
    ON CONFLICT (`status`) DO UPDATE SET `gifts` = `gifts` + 1, `amount` = `amount` + excluded.`amount`;
END;
