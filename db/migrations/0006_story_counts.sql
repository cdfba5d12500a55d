CREATE TABLE `story_counts` (
	`status` text PRIMARY KEY NOT NULL,
	`stories` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `story_counts` (`status`, `stories`)
  SELECT `status`, count(*) FROM `stories` GROUP BY `status`;--> statement-breakpoint
CREATE TRIGGER `story_counts_insert` AFTER INSERT ON `stories` BEGIN
  INSERT INTO `story_counts` (`status`, `stories`) VALUES (new.`status`, 1)
    ON CONFLICT (`status`) DO UPDATE SET `stories` = `stories` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `story_counts_delete` AFTER DELETE ON `stories` BEGIN
  UPDATE `story_counts` SET `stories` = `stories` - 1 WHERE `status` = old.`status`;
END;--> statement-breakpoint
CREATE TRIGGER `story_counts_status` AFTER UPDATE OF `status` ON `stories`
  WHEN old.`status` IS NOT new.`status` BEGIN
  UPDATE `story_counts` SET `stories` = `stories` - 1 WHERE `status` = old.`status`;
  INSERT INTO `story_counts` (`status`, `stories`) VALUES (new.`status`, 1)
    ON CONFLICT (`status`) DO UPDATE SET `stories` = `stories` + 1;
END;
