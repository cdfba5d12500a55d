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

/** The per-status gift counts and sums the triggers keep (migration 0030) match the gifts. */
export const DONATION_TOTALS_WRONG = `
  SELECT d.status, d.gifts AS real, d.amount AS real_amount,
         coalesce(t.gifts, 0) AS kept, coalesce(t.amount, 0) AS kept_amount
    FROM (SELECT status, count(*) AS gifts, sum(amount) AS amount
            FROM pool_donations GROUP BY status) d
    LEFT JOIN donation_totals t ON t.status = d.status
   WHERE coalesce(t.gifts, 0) <> d.gifts OR coalesce(t.amount, 0) <> d.amount
  UNION ALL
  SELECT t.status, 0, 0, t.gifts, t.amount FROM donation_totals t
   WHERE (t.gifts <> 0 OR t.amount <> 0)
     AND NOT EXISTS (SELECT 1 FROM pool_donations d WHERE d.status = t.status)`;

/** The money per campaign and day the triggers keep (migration 0032) matches the gifts. */
export const POOL_DAYS_WRONG = `
  WITH real AS (
    SELECT pool_id, day, sum(verified) AS verified, sum(pending) AS pending FROM (
      SELECT pool_id, date(coalesce(decided_at, donation_date), '+8 hours') AS day,
             amount AS verified, 0 AS pending
        FROM pool_donations WHERE status = 'verified'
      UNION ALL
      SELECT pool_id, date(donation_date, '+8 hours'), 0, amount
        FROM pool_donations WHERE status = 'pending')
    GROUP BY pool_id, day),
  kept AS (
    SELECT pool_id, day, verified, pending FROM pool_days WHERE verified <> 0 OR pending <> 0)
  SELECT 'gifts' AS side, * FROM (SELECT * FROM real EXCEPT SELECT * FROM kept)
  UNION ALL
  SELECT 'pool_days', * FROM (SELECT * FROM kept EXCEPT SELECT * FROM real)`;
