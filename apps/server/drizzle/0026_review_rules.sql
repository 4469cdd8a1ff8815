CREATE TABLE "review_rules" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"max_area_radius_km" integer NOT NULL,
	"min_daily_cap" integer NOT NULL,
	"max_daily_cap" integer NOT NULL,
	"blocked_words" text[] NOT NULL,
	"review_within_hours" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_rules_single_row" CHECK ("review_rules"."id" = 1),
	CONSTRAINT "review_rules_caps_in_order" CHECK ("review_rules"."min_daily_cap" between 1 and "review_rules"."max_daily_cap"),
	CONSTRAINT "review_rules_radius_positive" CHECK ("review_rules"."max_area_radius_km" > 0),
	CONSTRAINT "review_rules_hours_positive" CHECK ("review_rules"."review_within_hours" > 0)
);
--> statement-breakpoint
CREATE TABLE "settings_audit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settings_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"setting" text NOT NULL,
	"actor_id" integer,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_rules" ADD CONSTRAINT "review_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings_audit" ADD CONSTRAINT "settings_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;