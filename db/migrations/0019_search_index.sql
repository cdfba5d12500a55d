-- Full-text search (issue 19, decision 033). The indexed text is the search spelling of the
-- content (app/utils/search-key.ts), written by the service layer in the same batch as the
-- content itself; the rowid is the story's or the pool's id. Rows go with their story or pool.
CREATE VIRTUAL TABLE `story_search` USING fts5(`title`, `story`, `author`, tokenize = 'unicode61');--> statement-breakpoint
CREATE VIRTUAL TABLE `pool_search` USING fts5(`name`, `description`, tokenize = 'unicode61');--> statement-breakpoint
CREATE TRIGGER `story_search_delete` AFTER DELETE ON `stories` BEGIN
  DELETE FROM `story_search` WHERE rowid = old.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `pool_search_delete` AFTER DELETE ON `donation_pools` BEGIN
  DELETE FROM `pool_search` WHERE rowid = old.`id`;
END;
