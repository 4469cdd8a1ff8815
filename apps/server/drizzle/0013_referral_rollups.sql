CREATE TABLE "referral_active_daily" (
	"ancestor_id" integer NOT NULL,
	"day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "referral_active_daily_ancestor_id_day_pk" PRIMARY KEY("ancestor_id","day")
);
--> statement-breakpoint
CREATE TABLE "referral_joins_daily" (
	"ancestor_id" integer NOT NULL,
	"day" date NOT NULL,
	"registrations" integer DEFAULT 0 NOT NULL,
	"buyers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "referral_joins_daily_ancestor_id_day_pk" PRIMARY KEY("ancestor_id","day")
);
--> statement-breakpoint
CREATE TABLE "referral_level_counts" (
	"ancestor_id" integer NOT NULL,
	"depth" smallint NOT NULL,
	"level" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "referral_level_counts_ancestor_id_depth_level_pk" PRIMARY KEY("ancestor_id","depth","level")
);
--> statement-breakpoint
ALTER TABLE "referral_links" ADD COLUMN "active_day" date;--> statement-breakpoint
ALTER TABLE "referral_links" ADD COLUMN "level" text DEFAULT 'human' NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_active_daily" ADD CONSTRAINT "referral_active_daily_ancestor_id_users_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_joins_daily" ADD CONSTRAINT "referral_joins_daily_ancestor_id_users_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_level_counts" ADD CONSTRAINT "referral_level_counts_ancestor_id_users_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_links_ancestor_level_idx" ON "referral_links" USING btree ("ancestor_id","depth","level","created_at","descendant_id");
--> statement-breakpoint
-- Rollups of the tree for the referral stats and lists (docs/benchmarks.md): level sizes,
-- joins and buyers per day, and last-activity buckets, each kept by triggers so every path
-- that writes the tree or uses a session keeps them exact. users.referrer_id follows the
-- tree's level-1 edge (the tree is the one truth).
CREATE FUNCTION "referral_links_before_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT (max("last_seen_at") AT TIME ZONE 'UTC')::date INTO NEW.active_day
  FROM "sessions" WHERE "user_id" = NEW.descendant_id;
  SELECT "referral_level" INTO NEW.level FROM "users" WHERE "id" = NEW.descendant_id;
  NEW.level := coalesce(NEW.level, 'human');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "referral_links_fill" BEFORE INSERT ON "referral_links"
FOR EACH ROW EXECUTE FUNCTION "referral_links_before_insert"();
--> statement-breakpoint
CREATE FUNCTION "referral_links_rollup_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "referral_level_counts" ("ancestor_id", "depth", "level", "n")
  VALUES (NEW.ancestor_id, NEW.depth, NEW.level, 1)
  ON CONFLICT ("ancestor_id", "depth", "level")
  DO UPDATE SET "n" = "referral_level_counts"."n" + 1;
  IF NEW.depth = 1 THEN
    INSERT INTO "referral_joins_daily" ("ancestor_id", "day", "registrations", "buyers")
    VALUES (NEW.ancestor_id, (NEW.created_at AT TIME ZONE 'UTC')::date, 1,
      CASE WHEN NEW.bought THEN 1 ELSE 0 END)
    ON CONFLICT ("ancestor_id", "day") DO UPDATE SET
      "registrations" = "referral_joins_daily"."registrations" + 1,
      "buyers" = "referral_joins_daily"."buyers" + EXCLUDED."buyers";
    UPDATE "users" SET "referrer_id" = NEW.ancestor_id
    WHERE "id" = NEW.descendant_id AND "referrer_id" IS DISTINCT FROM NEW.ancestor_id;
  END IF;
  IF NEW.active_day IS NOT NULL THEN
    INSERT INTO "referral_active_daily" ("ancestor_id", "day", "n")
    VALUES (NEW.ancestor_id, NEW.active_day, 1)
    ON CONFLICT ("ancestor_id", "day")
    DO UPDATE SET "n" = "referral_active_daily"."n" + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "referral_links_rollup_add" AFTER INSERT ON "referral_links"
FOR EACH ROW EXECUTE FUNCTION "referral_links_rollup_add"();
--> statement-breakpoint
CREATE FUNCTION "referral_links_rollup_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "referral_level_counts" SET "n" = "n" - 1
  WHERE "ancestor_id" = OLD.ancestor_id AND "depth" = OLD.depth AND "level" = OLD.level;
  IF OLD.depth = 1 THEN
    UPDATE "referral_joins_daily" SET
      "registrations" = "registrations" - 1,
      "buyers" = "buyers" - CASE WHEN OLD.bought THEN 1 ELSE 0 END
    WHERE "ancestor_id" = OLD.ancestor_id AND "day" = (OLD.created_at AT TIME ZONE 'UTC')::date;
  END IF;
  IF OLD.active_day IS NOT NULL THEN
    UPDATE "referral_active_daily" SET "n" = "n" - 1
    WHERE "ancestor_id" = OLD.ancestor_id AND "day" = OLD.active_day;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "referral_links_rollup_remove" AFTER DELETE ON "referral_links"
FOR EACH ROW EXECUTE FUNCTION "referral_links_rollup_remove"();
--> statement-breakpoint
-- A session used on a later UTC day than its user's recorded one moves that user to the new
-- day's bucket of each of their (up to three) ancestors. Rows are taken nearest ancestor first,
-- locked, and re-checked, so concurrent uses of two sessions move a user once.
CREATE FUNCTION "referral_sessions_activity"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d date := (NEW.last_seen_at AT TIME ZONE 'UTC')::date;
  link record;
BEGIN
  FOR link IN
    SELECT "ancestor_id", "depth", "active_day" FROM "referral_links"
    WHERE "descendant_id" = NEW.user_id AND ("active_day" IS NULL OR "active_day" < d)
    ORDER BY "depth" FOR UPDATE
  LOOP
    IF link.active_day IS NOT NULL THEN
      UPDATE "referral_active_daily" SET "n" = "n" - 1
      WHERE "ancestor_id" = link.ancestor_id AND "day" = link.active_day;
    END IF;
    INSERT INTO "referral_active_daily" ("ancestor_id", "day", "n")
    VALUES (link.ancestor_id, d, 1)
    ON CONFLICT ("ancestor_id", "day")
    DO UPDATE SET "n" = "referral_active_daily"."n" + 1;
    UPDATE "referral_links" SET "active_day" = d
    WHERE "descendant_id" = NEW.user_id AND "depth" = link.depth;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "referral_sessions_activity" AFTER INSERT OR UPDATE OF "last_seen_at" ON "sessions"
FOR EACH ROW EXECUTE FUNCTION "referral_sessions_activity"();
--> statement-breakpoint
-- A user whose referral level changes moves in their ancestors' lists and counts.
CREATE FUNCTION "referral_users_level"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  link record;
BEGIN
  IF NEW.referral_level IS NOT DISTINCT FROM OLD.referral_level THEN
    RETURN NULL;
  END IF;
  FOR link IN
    UPDATE "referral_links" SET "level" = NEW.referral_level
    WHERE "descendant_id" = NEW.id AND "level" <> NEW.referral_level
    RETURNING "ancestor_id", "depth"
  LOOP
    UPDATE "referral_level_counts" SET "n" = "n" - 1
    WHERE "ancestor_id" = link.ancestor_id AND "depth" = link.depth AND "level" = OLD.referral_level;
    INSERT INTO "referral_level_counts" ("ancestor_id", "depth", "level", "n")
    VALUES (link.ancestor_id, link.depth, NEW.referral_level, 1)
    ON CONFLICT ("ancestor_id", "depth", "level")
    DO UPDATE SET "n" = "referral_level_counts"."n" + 1;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "referral_users_level" AFTER UPDATE OF "referral_level" ON "users"
FOR EACH ROW EXECUTE FUNCTION "referral_users_level"();
--> statement-breakpoint
-- A direct referral's join day or purchase flag changing (the rewards trigger sets `bought`)
-- moves them in the per-day joins and buyers.
CREATE FUNCTION "referral_links_joins_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "referral_joins_daily" SET
    "registrations" = "registrations" - 1,
    "buyers" = "buyers" - CASE WHEN OLD.bought THEN 1 ELSE 0 END
  WHERE "ancestor_id" = OLD.ancestor_id AND "day" = (OLD.created_at AT TIME ZONE 'UTC')::date;
  INSERT INTO "referral_joins_daily" ("ancestor_id", "day", "registrations", "buyers")
  VALUES (NEW.ancestor_id, (NEW.created_at AT TIME ZONE 'UTC')::date, 1,
    CASE WHEN NEW.bought THEN 1 ELSE 0 END)
  ON CONFLICT ("ancestor_id", "day") DO UPDATE SET
    "registrations" = "referral_joins_daily"."registrations" + 1,
    "buyers" = "referral_joins_daily"."buyers" + EXCLUDED."buyers";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "referral_links_joins_move" AFTER UPDATE OF "created_at", "bought" ON "referral_links"
FOR EACH ROW WHEN (NEW.depth = 1 AND (OLD.created_at IS DISTINCT FROM NEW.created_at
  OR OLD.bought IS DISTINCT FROM NEW.bought))
EXECUTE FUNCTION "referral_links_joins_move"();
--> statement-breakpoint
-- Backfill from what exists.
UPDATE "referral_links" l SET "level" = u.referral_level
FROM "users" u WHERE u.id = l.descendant_id AND l.level <> u.referral_level;
--> statement-breakpoint
UPDATE "referral_links" l SET "active_day" = s.day
FROM (SELECT "user_id", (max("last_seen_at") AT TIME ZONE 'UTC')::date AS day
      FROM "sessions" GROUP BY "user_id") s
WHERE s.user_id = l.descendant_id;
--> statement-breakpoint
INSERT INTO "referral_level_counts" ("ancestor_id", "depth", "level", "n")
SELECT "ancestor_id", "depth", "level", count(*) FROM "referral_links" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "referral_joins_daily" ("ancestor_id", "day", "registrations", "buyers")
SELECT "ancestor_id", ("created_at" AT TIME ZONE 'UTC')::date, count(*), count(*) FILTER (WHERE "bought")
FROM "referral_links" WHERE "depth" = 1 GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "referral_active_daily" ("ancestor_id", "day", "n")
SELECT "ancestor_id", "active_day", count(*) FROM "referral_links"
WHERE "active_day" IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
UPDATE "users" u SET "referrer_id" = l.ancestor_id
FROM "referral_links" l
WHERE l.descendant_id = u.id AND l.depth = 1 AND u.referrer_id IS DISTINCT FROM l.ancestor_id;
