-- What a write changed, for the caches every instance keeps above the
-- store (package cache): noted in a setting local to the transaction,
-- which the store reads before it commits and publishes on its change feed
-- once committed, before the write returns; and told to every other
-- instance on commit with NOTIFY, after the instance that wrote
-- (application_name), so that it skips what it told itself. One change a
-- line: "u <account id>", "s <session id>", "c" (the categories, a count of
-- listings included). A session goes by its public id (app.SessionID),
-- never by its token. Accounts and sessions added need no note: the caches
-- keep only rows they found.
CREATE FUNCTION note_changed(change TEXT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    PERFORM set_config('rehome.changed', coalesce(current_setting('rehome.changed', true), '') || change || E'\n', true);
    PERFORM pg_notify('rehome_changed', current_setting('application_name') || E'\n' || change);
END $$;

CREATE FUNCTION users_note_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM note_changed('u ' || OLD.id);
    RETURN NULL;
END $$;
CREATE TRIGGER users_note_changed AFTER UPDATE OR DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION users_note_changed();

CREATE FUNCTION sessions_note_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM note_changed('s ' || left(encode(sha256(convert_to(OLD.token, 'UTF8')), 'hex'), 32));
    RETURN NULL;
END $$;
CREATE TRIGGER sessions_note_changed AFTER UPDATE OR DELETE ON sessions
    FOR EACH ROW EXECUTE FUNCTION sessions_note_changed();

-- Once a statement, whatever rows it changed: a category's count of
-- listings changes with each listing written.
CREATE FUNCTION categories_note_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM note_changed('c');
    RETURN NULL;
END $$;
CREATE TRIGGER categories_note_changed AFTER INSERT OR UPDATE OR DELETE ON categories
    FOR EACH STATEMENT EXECUTE FUNCTION categories_note_changed();
