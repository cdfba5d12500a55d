CREATE TABLE `pool_days` (
	`pool_id` integer NOT NULL,
	`day` text NOT NULL,
	`verified` integer DEFAULT 0 NOT NULL,
	`pending` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`pool_id`, `day`),
	FOREIGN KEY (`pool_id`) REFERENCES `donation_pools`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `pool_days` (`pool_id`, `day`, `verified`, `pending`)
  SELECT `pool_id`, `day`, sum(`verified`), sum(`pending`) FROM (
    SELECT `pool_id`, date(coalesce(`decided_at`, `donation_date`), '+8 hours') AS `day`,
           `amount` AS `verified`, 0 AS `pending`
      FROM `pool_donations` WHERE `status` = 'verified'
    UNION ALL
    SELECT `pool_id`, date(`donation_date`, '+8 hours'), 0, `amount`
      FROM `pool_donations` WHERE `status` = 'pending')
  GROUP BY `pool_id`, `day`;--> statement-breakpoint
CREATE TRIGGER `pool_days_insert` AFTER INSERT ON `pool_donations`
  WHEN new.`status` IN ('verified', 'pending') BEGIN
  INSERT INTO `pool_days` (`pool_id`, `day`, `verified`, `pending`)
    VALUES (new.`pool_id`,
      date(CASE WHEN new.`status` = 'verified' THEN coalesce(new.`decided_at`, new.`donation_date`)
           ELSE new.`donation_date` END, '+8 hours'),
      CASE WHEN new.`status` = 'verified' THEN new.`amount` ELSE 0 END,
      CASE WHEN new.`status` = 'pending' THEN new.`amount` ELSE 0 END)
    ON CONFLICT (`pool_id`, `day`) DO UPDATE SET
      `verified` = `verified` + excluded.`verified`, `pending` = `pending` + excluded.`pending`;
END;--> statement-breakpoint
CREATE TRIGGER `pool_days_delete` AFTER DELETE ON `pool_donations`
  WHEN old.`status` IN ('verified', 'pending') BEGIN
  UPDATE `pool_days` SET
      `verified` = `verified` - CASE WHEN old.`status` = 'verified' THEN old.`amount` ELSE 0 END,
      `pending` = `pending` - CASE WHEN old.`status` = 'pending' THEN old.`amount` ELSE 0 END
    WHERE `pool_id` = old.`pool_id` AND `day` = date(CASE WHEN old.`status` = 'verified'
      THEN coalesce(old.`decided_at`, old.`donation_date`) ELSE old.`donation_date` END, '+8 hours');
END;--> statement-breakpoint
CREATE TRIGGER `pool_days_update`
  AFTER UPDATE OF `status`, `amount`, `decided_at`, `donation_date`, `pool_id` ON `pool_donations` BEGIN
  UPDATE `pool_days` SET
      `verified` = `verified` - CASE WHEN old.`status` = 'verified' THEN old.`amount` ELSE 0 END,
      `pending` = `pending` - CASE WHEN old.`status` = 'pending' THEN old.`amount` ELSE 0 END
    WHERE old.`status` IN ('verified', 'pending')
      AND `pool_id` = old.`pool_id` AND `day` = date(CASE WHEN old.`status` = 'verified'
      THEN coalesce(old.`decided_at`, old.`donation_date`) ELSE old.`donation_date` END, '+8 hours');
  INSERT INTO `pool_days` (`pool_id`, `day`, `verified`, `pending`)
    SELECT new.`pool_id`,
      date(CASE WHEN new.`status` = 'verified' THEN coalesce(new.`decided_at`, new.`donation_date`)
           ELSE new.`donation_date` END, '+8 hours'),
      CASE WHEN new.`status` = 'verified' THEN new.`amount` ELSE 0 END,
      CASE WHEN new.`status` = 'pending' THEN new.`amount` ELSE 0 END
    WHERE new.`status` IN ('verified', 'pending')
    ON CONFLICT (`pool_id`, `day`) DO UPDATE SET
      `verified` = `verified` + excluded.`verified`, `pending` = `pending` + excluded.`pending`;
END;
