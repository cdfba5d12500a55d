CREATE INDEX `stories_status_listed` ON `stories` (`status`, coalesce(`approved_at`, `submitted_at`), `id`);
