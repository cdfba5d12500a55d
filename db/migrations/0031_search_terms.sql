-- Every word of the story search index (decision 033, issue 45). A query word stands for the
-- index's words it begins, found here by a range of this table's key, so FTS5 walks only the
-- newest matches instead of merging the whole doclist of every word a prefix reaches. Written by
-- the service layer beside the index (app/models/search-index.server.ts); a word no story has
-- any more stays and finds nothing.
CREATE TABLE `story_search_terms` (
	`term` text PRIMARY KEY NOT NULL
) WITHOUT ROWID;--> statement-breakpoint
CREATE VIRTUAL TABLE temp.`story_search_vocab` USING fts5vocab(main, `story_search`, 'row');--> statement-breakpoint
INSERT INTO `story_search_terms` (`term`) SELECT `term` FROM temp.`story_search_vocab`;--> statement-breakpoint
DROP TABLE temp.`story_search_vocab`;
