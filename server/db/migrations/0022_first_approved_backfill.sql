-- Custom SQL migration file, put your code below! ---- Issue 26: whether an ad was ever public. Approved, sold and expired ads were (each status only
-- follows an approval); an ad in any other status was if the audit trail records its approval, or a
-- moderator's decision on it while it was listed (a take-down of an ad seeded as approved).
UPDATE ads a SET first_approved_at = coalesce(
  (SELECT min(m.created_at) FROM moderation_actions m
    WHERE m.target_type = 'ad' AND m.target_id = a.id::text AND m.status_after = 'approved'),
  CASE WHEN a.status IN ('approved', 'sold', 'expired') THEN a.created_at END,
  (SELECT min(m.created_at) FROM moderation_actions m
    WHERE m.target_type = 'ad' AND m.target_id = a.id::text AND m.status_before IN ('approved', 'sold', 'expired'))
)
WHERE a.status IN ('approved', 'sold', 'expired')
  OR EXISTS (SELECT 1 FROM moderation_actions m WHERE m.target_type = 'ad' AND m.target_id = a.id::text
    AND (m.status_after = 'approved' OR m.status_before IN ('approved', 'sold', 'expired')));
--> statement-breakpoint
-- From now on the first approval sets it, whoever writes the row: the moderation, a renewal, or a
-- seed or test writing an approved (or sold, or expired) ad straight into the table.
CREATE FUNCTION ads_first_approved_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.first_approved_at IS NULL AND NEW.status IN ('approved', 'sold', 'expired') THEN
    NEW.first_approved_at := now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ads_first_approved_at BEFORE INSERT OR UPDATE OF status ON ads
  FOR EACH ROW EXECUTE FUNCTION ads_first_approved_at();
