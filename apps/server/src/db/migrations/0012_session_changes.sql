-- Session changes, told to every server process (auth/session-cache.ts, decision 0013): each process
-- keeps the sessions it read lately, and forgets one when it hears that the session was refreshed or
-- ended ('s:' and the session's id), or that its person's name, email, picture or roles changed ('p:'
-- and the person's id). A deleted person's sessions go by the cascade, each told as it goes.
CREATE FUNCTION "tell_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('gigreel_sessions', 's:' || OLD."id");
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('gigreel_sessions', 'p:' || OLD."id");
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('gigreel_sessions', 'p:' || NEW."user_id");
  ELSE
    PERFORM pg_notify('gigreel_sessions', 'p:' || OLD."user_id");
    IF TG_OP = 'UPDATE' THEN
      PERFORM pg_notify('gigreel_sessions', 'p:' || NEW."user_id");
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_tell_change" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "tell_session_change"();
--> statement-breakpoint
CREATE TRIGGER "users_tell_change" AFTER UPDATE OF "display_name", "email", "profile_image" ON "users"
  FOR EACH ROW
  WHEN (OLD."display_name" IS DISTINCT FROM NEW."display_name" OR OLD."email" IS DISTINCT FROM NEW."email"
    OR OLD."profile_image" IS DISTINCT FROM NEW."profile_image")
  EXECUTE FUNCTION "tell_session_change"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_tell_change" AFTER INSERT OR UPDATE OR DELETE ON "user_roles"
  FOR EACH ROW EXECUTE FUNCTION "tell_session_change"();
