-- The rest of the change feed (0020_change_feed.sql), for the caches above
-- the store: "p <listing id>" for a listing whose row changed (its count of
-- open bookings and whether it is advertised included), "l <category id>"
-- for a category whose listings changed, "b <buyer id>" for a buyer whose
-- bookings changed, "k <blocker id>" for a person whose blocks changed, a
-- capital ("P", "B", "K") when too many changed to name them, and "S" for
-- the site's settings. One note a statement, whatever rows it changed: a
-- bulk load notes once, and a NOTIFY's payload (under 8,000 bytes) is
-- never exceeded. A listing added needs no "p": the caches keep only rows
-- they found. Each table's trigger function serves its statements' kinds
-- (TG_OP), reading only the transition tables that kind has.

-- note_each notes each of ids as noun, or all of them (the noun in
-- capitals) when there are more than 200.
CREATE FUNCTION note_each(noun TEXT, ids BIGINT[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF cardinality(ids) > 200 THEN
        PERFORM note_changed(upper(noun));
    ELSIF cardinality(ids) > 0 THEN
        PERFORM note_changed((SELECT string_agg(noun || ' ' || id, E'\n') FROM unnest(ids) id));
    END IF;
END $$;

CREATE FUNCTION products_note_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM note_each('l', (SELECT array_agg(DISTINCT category_id) FROM new_rows));
    ELSIF TG_OP = 'UPDATE' THEN
        PERFORM note_each('p', (SELECT array_agg(id) FROM old_rows));
        PERFORM note_each('l', (SELECT array_agg(DISTINCT category_id)
            FROM (SELECT category_id FROM old_rows UNION SELECT category_id FROM new_rows) c));
    ELSE
        PERFORM note_each('p', (SELECT array_agg(id) FROM old_rows));
        PERFORM note_each('l', (SELECT array_agg(DISTINCT category_id) FROM old_rows));
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER products_inserted_note_changed AFTER INSERT ON products
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_note_changed();
CREATE TRIGGER products_updated_note_changed AFTER UPDATE ON products
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_note_changed();
CREATE TRIGGER products_deleted_note_changed AFTER DELETE ON products
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_note_changed();

-- A listing's row says whether it is advertised.
CREATE FUNCTION adverts_note_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM note_each('p', (SELECT array_agg(product_id) FROM new_rows));
    ELSE
        PERFORM note_each('p', (SELECT array_agg(product_id) FROM old_rows));
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER adverts_inserted_note_changed AFTER INSERT ON adverts
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION adverts_note_changed();
CREATE TRIGGER adverts_deleted_note_changed AFTER DELETE ON adverts
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION adverts_note_changed();

-- A booking whose buyer's account is gone has no buyer to tell.
CREATE FUNCTION bookings_note_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM note_each('b', (SELECT array_agg(DISTINCT buyer_id) FILTER (WHERE buyer_id IS NOT NULL) FROM new_rows));
    ELSIF TG_OP = 'UPDATE' THEN
        PERFORM note_each('b', (SELECT array_agg(DISTINCT buyer_id) FILTER (WHERE buyer_id IS NOT NULL)
            FROM (SELECT buyer_id FROM old_rows UNION SELECT buyer_id FROM new_rows) b));
    ELSE
        PERFORM note_each('b', (SELECT array_agg(DISTINCT buyer_id) FILTER (WHERE buyer_id IS NOT NULL) FROM old_rows));
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER bookings_inserted_note_changed AFTER INSERT ON bookings
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_note_changed();
CREATE TRIGGER bookings_updated_note_changed AFTER UPDATE ON bookings
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_note_changed();
CREATE TRIGGER bookings_deleted_note_changed AFTER DELETE ON bookings
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_note_changed();

CREATE FUNCTION blocks_note_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM note_each('k', (SELECT array_agg(DISTINCT blocker_id) FROM new_rows));
    ELSE
        PERFORM note_each('k', (SELECT array_agg(DISTINCT blocker_id) FROM old_rows));
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER blocks_inserted_note_changed AFTER INSERT ON blocks
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION blocks_note_changed();
CREATE TRIGGER blocks_deleted_note_changed AFTER DELETE ON blocks
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION blocks_note_changed();

CREATE FUNCTION site_settings_note_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM note_changed('S');
    RETURN NULL;
END $$;
CREATE TRIGGER site_settings_note_changed AFTER INSERT OR UPDATE OR DELETE ON site_settings
    FOR EACH STATEMENT EXECUTE FUNCTION site_settings_note_changed();
