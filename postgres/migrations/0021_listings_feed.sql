-- The listings' part of the change feed (0020_change_feed.sql), for the
-- category pages kept above the store (cache.CategoryPages) and the
-- listings they show: "p <listing id>" for a listing whose row changed
-- (its count of open bookings and whether it is advertised included), "P"
-- when too many did to name them, "l <category id>" for a category whose
-- listings changed, "b <buyer id>" for a buyer whose bookings changed
-- ("B": too many), "k <blocker id>" for a person whose blocks changed
-- ("K": too many), and "S" for the site's settings.
-- One note a statement, whatever rows it changed: a bulk load notes once,
-- and a NOTIFY's payload (under 8,000 bytes) is never exceeded. A listing
-- added needs no "p": the caches keep only rows they found.

-- note_listings notes the listings with the given IDs and their categories.
CREATE FUNCTION note_listings(ids BIGINT[], categories BIGINT[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    notes TEXT := '';
BEGIN
    IF ids IS NOT NULL THEN
        IF cardinality(ids) > 200 THEN
            notes := E'P\n';
        ELSE
            SELECT notes || string_agg('p ' || id, E'\n') || E'\n' INTO notes FROM unnest(ids) id;
        END IF;
    END IF;
    SELECT notes || coalesce(string_agg(DISTINCT 'l ' || c, E'\n'), '') INTO notes FROM unnest(categories) c;
    IF notes != '' THEN
        PERFORM note_changed(rtrim(notes, E'\n'));
    END IF;
END $$;

CREATE FUNCTION products_inserted_note_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM note_listings(NULL, (SELECT array_agg(DISTINCT category_id) FROM new_rows));
    RETURN NULL;
END $$;
CREATE TRIGGER products_inserted_note_changed AFTER INSERT ON products
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_inserted_note_changed();

CREATE FUNCTION products_updated_note_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM note_listings((SELECT array_agg(id) FROM old_rows),
        (SELECT array_agg(DISTINCT category_id) FROM (SELECT category_id FROM old_rows UNION SELECT category_id FROM new_rows) c));
    RETURN NULL;
END $$;
CREATE TRIGGER products_updated_note_changed AFTER UPDATE ON products
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_updated_note_changed();

CREATE FUNCTION products_deleted_note_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM note_listings((SELECT array_agg(id) FROM old_rows), (SELECT array_agg(DISTINCT category_id) FROM old_rows));
    RETURN NULL;
END $$;
CREATE TRIGGER products_deleted_note_changed AFTER DELETE ON products
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_deleted_note_changed();

-- A listing's row says whether it is advertised.
CREATE FUNCTION adverts_note_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM note_listings((SELECT array_agg(product_id) FROM changed_rows), NULL);
    RETURN NULL;
END $$;
CREATE TRIGGER adverts_inserted_note_changed AFTER INSERT ON adverts
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION adverts_note_changed();
CREATE TRIGGER adverts_deleted_note_changed AFTER DELETE ON adverts
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION adverts_note_changed();

-- Whose bookings changed: the caches keep each buyer's.
CREATE FUNCTION note_buyers(buyers BIGINT[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF cardinality(buyers) > 200 THEN
        PERFORM note_changed('B');
    ELSIF cardinality(buyers) > 0 THEN
        PERFORM note_changed((SELECT string_agg('b ' || b, E'\n') FROM unnest(buyers) b));
    END IF;
END $$;

CREATE FUNCTION bookings_inserted_note_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM note_buyers((SELECT array_agg(DISTINCT buyer_id) FILTER (WHERE buyer_id IS NOT NULL) FROM new_rows));
    RETURN NULL;
END $$;
CREATE TRIGGER bookings_inserted_note_changed AFTER INSERT ON bookings
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_inserted_note_changed();

CREATE FUNCTION bookings_updated_note_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM note_buyers((SELECT array_agg(DISTINCT buyer_id) FILTER (WHERE buyer_id IS NOT NULL) FROM (SELECT buyer_id FROM old_rows UNION SELECT buyer_id FROM new_rows) b));
    RETURN NULL;
END $$;
CREATE TRIGGER bookings_updated_note_changed AFTER UPDATE ON bookings
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_updated_note_changed();

CREATE FUNCTION bookings_deleted_note_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM note_buyers((SELECT array_agg(DISTINCT buyer_id) FILTER (WHERE buyer_id IS NOT NULL) FROM old_rows));
    RETURN NULL;
END $$;
CREATE TRIGGER bookings_deleted_note_changed AFTER DELETE ON bookings
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_deleted_note_changed();

CREATE FUNCTION site_settings_note_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM note_changed('S');
    RETURN NULL;
END $$;
CREATE TRIGGER site_settings_note_changed AFTER INSERT OR UPDATE OR DELETE ON site_settings
    FOR EACH STATEMENT EXECUTE FUNCTION site_settings_note_changed();

-- Whose blocks changed: the caches keep each person's.
CREATE FUNCTION note_blockers(blockers BIGINT[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF cardinality(blockers) > 200 THEN
        PERFORM note_changed('K');
    ELSIF cardinality(blockers) > 0 THEN
        PERFORM note_changed((SELECT string_agg('k ' || b, E'\n') FROM unnest(blockers) b));
    END IF;
END $$;

CREATE FUNCTION blocks_inserted_note_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM note_blockers((SELECT array_agg(DISTINCT blocker_id) FROM new_rows));
    RETURN NULL;
END $$;
CREATE TRIGGER blocks_inserted_note_changed AFTER INSERT ON blocks
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION blocks_inserted_note_changed();

CREATE FUNCTION blocks_deleted_note_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM note_blockers((SELECT array_agg(DISTINCT blocker_id) FROM old_rows));
    RETURN NULL;
END $$;
CREATE TRIGGER blocks_deleted_note_changed AFTER DELETE ON blocks
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION blocks_deleted_note_changed();
