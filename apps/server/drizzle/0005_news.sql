CREATE TABLE "news" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "news_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title_en" text NOT NULL,
	"title_ru" text NOT NULL,
	"body_en" text NOT NULL,
	"body_ru" text NOT NULL,
	"cover_id" uuid,
	"status" text NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_status_check" CHECK ("news"."status" in ('DRAFT', 'PUBLISHED'))
);
--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_cover_id_media_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_status_publish_at_idx" ON "news" USING btree ("status","publish_at");--> statement-breakpoint
CREATE INDEX "news_to_notify_idx" ON "news" USING btree ("publish_at") WHERE "news"."notified_at" is null and "news"."status" = 'PUBLISHED';