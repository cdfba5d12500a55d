/**
 * The invariants every test run that writes through the real server checks at its end (the e2e
 * teardown and each fault test). Each query lists what breaks its rule: no rows means it holds.
 */

/** Money is never created or lost: a pool's total is the sum of its verified donations. */
export const POOL_TOTALS_WRONG = `
  SELECT p.id, p.name, p.current_amount,
         (SELECT coalesce(sum(amount), 0) FROM pool_donations d
           WHERE d.pool_id = p.id AND d.status = 'verified') AS verified
    FROM donation_pools p
   WHERE p.current_amount <> (SELECT coalesce(sum(amount), 0) FROM pool_donations d
                               WHERE d.pool_id = p.id AND d.status = 'verified')`;

/** The per-status story counts the triggers keep (migration 0006) match the stories. */
export const STORY_COUNTS_WRONG = `
  SELECT s.status, s.stories AS real, coalesce(c.stories, 0) AS kept
    FROM (SELECT status, count(*) AS stories FROM stories GROUP BY status) s
    LEFT JOIN story_counts c ON c.status = s.status
   WHERE coalesce(c.stories, 0) <> s.stories
  UNION ALL
  SELECT c.status, 0, c.stories FROM story_counts c
   WHERE c.stories <> 0 AND NOT EXISTS (SELECT 1 FROM stories s WHERE s.status = c.status)`;
