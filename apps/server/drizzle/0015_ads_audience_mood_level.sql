CREATE TABLE "meet_last_moods" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"mood" text NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD COLUMN "moods" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD COLUMN "levels" smallint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "meet_last_moods" ADD CONSTRAINT "meet_last_moods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;