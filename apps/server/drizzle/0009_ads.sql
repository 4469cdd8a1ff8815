CREATE TABLE "ad_campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"text" text NOT NULL,
	"image_id" uuid,
	"link" text NOT NULL,
	"languages" text[] NOT NULL,
	"placements" text[] NOT NULL,
	"countries" text[] NOT NULL,
	"genders" smallint[] NOT NULL,
	"age_min" smallint,
	"age_max" smallint,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"daily_cap" integer,
	"viewer_daily_cap" integer NOT NULL,
	"active" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_campaigns_viewer_cap_check" CHECK ("ad_campaigns"."viewer_daily_cap" > 0)
);
--> statement-breakpoint
CREATE TABLE "ad_consents" (
	"subject" text PRIMARY KEY NOT NULL,
	"terms" boolean NOT NULL,
	"analytics" boolean NOT NULL,
	"ads" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_impressions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"viewer" text NOT NULL,
	"personalised" boolean NOT NULL,
	"served_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	"clicked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_impressions" ADD CONSTRAINT "ad_impressions_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_impressions_viewer_idx" ON "ad_impressions" USING btree ("viewer","campaign_id","served_at");--> statement-breakpoint
CREATE INDEX "ad_impressions_campaign_idx" ON "ad_impressions" USING btree ("campaign_id","served_at");