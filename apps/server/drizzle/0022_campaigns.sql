CREATE TABLE "campaign_charges" (
	"campaign_id" integer NOT NULL,
	"day" date NOT NULL,
	"impressions" integer NOT NULL,
	"price_per_thousand" numeric(78, 0) NOT NULL,
	"due" numeric(78, 0) NOT NULL,
	"charged" numeric(78, 0) NOT NULL,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_charges_campaign_id_day_pk" PRIMARY KEY("campaign_id","day"),
	CONSTRAINT "campaign_charges_not_above_due" CHECK ("campaign_charges"."charged" <= "campaign_charges"."due"),
	CONSTRAINT "campaign_charges_not_negative" CHECK ("campaign_charges"."charged" >= 0)
);
--> statement-breakpoint
CREATE TABLE "campaign_price" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"price_per_thousand" numeric(78, 0) NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_price_single_row" CHECK ("campaign_price"."id" = 1),
	CONSTRAINT "campaign_price_positive" CHECK ("campaign_price"."price_per_thousand" > 0)
);
--> statement-breakpoint
ALTER TABLE "media" DROP CONSTRAINT "media_album_check";--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD COLUMN "business_id" integer;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD COLUMN "status" text DEFAULT 'running' NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD COLUMN "area_lat" double precision;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD COLUMN "area_lon" double precision;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD COLUMN "area_radius_km" integer;--> statement-breakpoint
ALTER TABLE "campaign_charges" ADD CONSTRAINT "campaign_charges_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_price" ADD CONSTRAINT "campaign_price_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_campaigns_business_idx" ON "ad_campaigns" USING btree ("business_id");--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_status_check" CHECK ("ad_campaigns"."status" in ('draft', 'pending', 'refused', 'running', 'paused', 'ended'));--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_owner_check" CHECK (("ad_campaigns"."business_id" is null) = ("ad_campaigns"."owner_id" is null));--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_album_check" CHECK ("media"."album" in ('profile_photos', 'kyc', 'channel_photos', 'news', 'business', 'ad_creatives'));