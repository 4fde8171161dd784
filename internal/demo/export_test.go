package demo

// Synonyms are the demo's synonym groups by language, for the tests.
var Synonyms = synonyms
