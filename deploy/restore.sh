#!/bin/sh
# Restores a backup made by deploy/backup.sh into DATABASE_URL, which must be an empty
# database (create it first: `createdb meeet_restored`); the server started on it then applies
# any migration newer than the backup. docs/operations.md, "Backups", has the whole drill.
#   DATABASE_URL=postgres://…/meeet_restored deploy/restore.sh /var/backups/meeet/meeet-….dump
set -eu

archive="${1:?usage: restore.sh <archive.dump>  (DATABASE_URL names the empty target database)}"
: "${DATABASE_URL:?DATABASE_URL must name the empty database to restore into}"
PG_BIN="${PG_BIN:-}"

# One transaction: a failed restore leaves the target as empty as it was.
"${PG_BIN:+$PG_BIN/}pg_restore" --exit-on-error --single-transaction --no-owner --no-privileges \
  --dbname="$DATABASE_URL" "$archive"
printf '{"level":30,"msg":"backup restored","file":"%s"}\n' "$archive"
