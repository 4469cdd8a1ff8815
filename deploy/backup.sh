#!/bin/sh
# Nightly backup of the MEEET database: one `pg_dump -Fc` archive per run in BACKUP_DIR, checked
# readable, archives older than BACKUP_KEEP_DAYS removed. Run it from cron or a systemd timer
# with a pg_dump of the server's major version or newer (docs/operations.md, "Backups"):
#   15 3 * * *  DATABASE_URL=postgres://… BACKUP_DIR=/var/backups/meeet /opt/meeet/deploy/backup.sh
set -eu

: "${DATABASE_URL:?DATABASE_URL must name the database to back up}"
BACKUP_DIR="${BACKUP_DIR:-/var/backups/meeet}"
BACKUP_KEEP_DAYS="${BACKUP_KEEP_DAYS:-14}"
PG_BIN="${PG_BIN:-}"

case "$BACKUP_KEEP_DAYS" in
  '' | *[!0-9]*) echo '{"level":60,"msg":"BACKUP_KEEP_DAYS must be a whole number of days"}'; exit 2 ;;
esac

mkdir -p "$BACKUP_DIR"
umask 077
stamp=$(date -u +%Y%m%dT%H%M%SZ)
final="$BACKUP_DIR/meeet-$stamp.dump"
partial="$final.partial"
trap 'rm -f "$partial"' EXIT

# Written beside the final name and renamed once complete and readable: a crash mid-dump
# never leaves an archive that looks good.
"${PG_BIN:+$PG_BIN/}pg_dump" --format=custom --no-owner --no-privileges --file="$partial" "$DATABASE_URL"
"${PG_BIN:+$PG_BIN/}pg_restore" --list "$partial" >/dev/null
mv "$partial" "$final"

find "$BACKUP_DIR" -maxdepth 1 -type f -name 'meeet-*.dump' -mtime "+$BACKUP_KEEP_DAYS" -delete

size=$(wc -c <"$final" | tr -d ' ')
printf '{"level":30,"msg":"backup written","file":"%s","bytes":%s}\n' "$final" "$size"
