-- Extensions live in public so that every schema (one per test file on PostgreSQL) shares them.
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;
