-- The moderation audit trail is never edited: updates and deletes are refused by the database itself.
CREATE FUNCTION moderation_actions_refuse_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  RAISE EXCEPTION 'moderation_actions is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER moderation_actions_append_only BEFORE UPDATE OR DELETE ON moderation_actions
  FOR EACH ROW EXECUTE FUNCTION moderation_actions_refuse_change();
