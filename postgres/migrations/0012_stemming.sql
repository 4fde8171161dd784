-- Search in the marketplace's language: rehome_search stems with the
-- Snowball dictionary of the language search_language names (English
-- until then, as 0002 made it). DB.UseSearchLanguage remaps the
-- configuration and recomputes every listing's document in one
-- transaction. Like rehome_english, the dictionaries keep stop words.
CREATE TEXT SEARCH DICTIONARY rehome_german (TEMPLATE = snowball, Language = german);
CREATE TEXT SEARCH DICTIONARY rehome_french (TEMPLATE = snowball, Language = french);

CREATE TABLE search_language (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    language TEXT NOT NULL
);
INSERT INTO search_language (id, language) VALUES (1, 'en');
