CREATE TABLE "moderator_levels" (
	"user_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"appointed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderator_levels_user_id_level_pk" PRIMARY KEY("user_id","level"),
	CONSTRAINT "moderator_levels_level_check" CHECK ("moderator_levels"."level" in (0, 1, 2))
);
--> statement-breakpoint
ALTER TABLE "moderator_levels" ADD CONSTRAINT "moderator_levels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderator_levels" ADD CONSTRAINT "moderator_levels_appointed_by_users_id_fk" FOREIGN KEY ("appointed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;