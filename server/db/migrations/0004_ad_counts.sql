-- ad_counts holds how many ads the public lists show per category and condition: approved ads of
-- owners whose profile is active. Triggers keep it exact, so a list's total is a lookup.
-- Deletes are counted in BEFORE triggers: when an account is deleted, its profile and its ads go
-- by two cascades in either order, and AFTER triggers would only run once both are gone (each then
-- seeing the other missing). Counted before each row goes, exactly one side finds the pair whole.

CREATE FUNCTION ad_counts_add(category text, condition text, delta integer) RETURNS void
  LANGUAGE sql
  BEGIN ATOMIC
    INSERT INTO ad_counts AS c (category, condition, listed)
      VALUES (ad_counts_add.category, ad_counts_add.condition, ad_counts_add.delta)
      ON CONFLICT (category, condition) DO UPDATE SET listed = c.listed + excluded.listed;
  END;
--> statement-breakpoint

CREATE FUNCTION ads_owner_active(owner text) RETURNS boolean
  LANGUAGE sql STABLE
  RETURN coalesce((SELECT p.is_active FROM profiles p WHERE p.id = owner), false);
--> statement-breakpoint

-- Inserts and updates are counted once per statement from the transition tables, so that a bulk
-- insert (seeding, imports) touches each counter row once instead of once per ad.
CREATE FUNCTION ads_count_inserted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO ad_counts AS c (category, condition, listed)
    SELECT n.category, n.condition, count(*)::integer FROM new_rows n
      WHERE n.status = 'approved' AND ads_owner_active(n.user_id)
      GROUP BY n.category, n.condition ORDER BY n.category, n.condition
    ON CONFLICT (category, condition) DO UPDATE SET listed = c.listed + excluded.listed;
  RETURN NULL;
END;
$$;
--> statement-breakpoint

CREATE FUNCTION ads_count_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO ad_counts AS c (category, condition, listed)
    SELECT d.category, d.condition, sum(d.delta)::integer FROM (
      SELECT o.category, o.condition, -1 AS delta FROM old_rows o
        WHERE o.status = 'approved' AND ads_owner_active(o.user_id)
      UNION ALL
      SELECT n.category, n.condition, 1 FROM new_rows n
        WHERE n.status = 'approved' AND ads_owner_active(n.user_id)
    ) d
    GROUP BY d.category, d.condition HAVING sum(d.delta) <> 0 ORDER BY d.category, d.condition
    ON CONFLICT (category, condition) DO UPDATE SET listed = c.listed + excluded.listed;
  RETURN NULL;
END;
$$;
--> statement-breakpoint

CREATE FUNCTION ads_count_deleted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF OLD.status = 'approved' AND ads_owner_active(OLD.user_id) THEN
    PERFORM ad_counts_add(OLD.category, OLD.condition, -1);
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint

CREATE TRIGGER ads_count_insert AFTER INSERT ON ads
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ads_count_inserted();
--> statement-breakpoint

CREATE TRIGGER ads_count_update AFTER UPDATE ON ads
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ads_count_updated();
--> statement-breakpoint

CREATE TRIGGER ads_count_delete BEFORE DELETE ON ads
  FOR EACH ROW EXECUTE FUNCTION ads_count_deleted();
--> statement-breakpoint

-- A profile turning inactive (or going away) takes its approved ads out of the counts; back to
-- active puts them in again. A missing profile counts as inactive, whichever cascade runs first.
CREATE FUNCTION profiles_count_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  was_active boolean := TG_OP IN ('UPDATE', 'DELETE') AND OLD.is_active;
  is_active boolean := TG_OP IN ('INSERT', 'UPDATE') AND NEW.is_active;
  owner text := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
  delta integer := CASE WHEN is_active THEN 1 ELSE -1 END;
  g record;
BEGIN
  IF was_active IS DISTINCT FROM is_active THEN
    FOR g IN
      SELECT a.category, a.condition, count(*)::integer AS n FROM ads a
        WHERE a.user_id = owner AND a.status = 'approved' GROUP BY a.category, a.condition
    LOOP
      PERFORM ad_counts_add(g.category, g.condition, delta * g.n);
    END LOOP;
  END IF;
  IF TG_WHEN = 'BEFORE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint

CREATE TRIGGER profiles_count_changed AFTER INSERT OR UPDATE OF is_active ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_count_changed();
--> statement-breakpoint

CREATE TRIGGER profiles_count_delete BEFORE DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_count_changed();
