-- Trigram indexes make "name contains text" searches (ILIKE '%text%') use an index instead of
-- reading every file of the user. pg_trgm ships with PostgreSQL's contrib (trusted since 13, so a
-- database owner may create it) and with PGlite as an extension the client loads (server/db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
