CREATE TABLE "business_decisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_spots" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"opening_hours" text NOT NULL,
	"photo_media_id" uuid,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"perk" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_spots_category_check" CHECK ("business_spots"."category" in ('cafe', 'bar', 'restaurant', 'culture', 'sport', 'shop', 'brand', 'other')),
	CONSTRAINT "business_spots_position_check" CHECK ("business_spots"."lat" between -90 and 90 and "business_spots"."lon" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"legal_name" text NOT NULL,
	"registration_number" text NOT NULL,
	"country" text NOT NULL,
	"address" text NOT NULL,
	"website" text,
	"contact" text NOT NULL,
	"category" text NOT NULL,
	"logo_media_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"venue_lat" double precision,
	"venue_lon" double precision,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "businesses_ownerId_unique" UNIQUE("owner_id"),
	CONSTRAINT "businesses_category_check" CHECK ("businesses"."category" in ('cafe', 'bar', 'restaurant', 'culture', 'sport', 'shop', 'brand', 'other')),
	CONSTRAINT "businesses_status_check" CHECK ("businesses"."status" in ('pending', 'needs-info', 'approved', 'refused', 'suspended')),
	CONSTRAINT "businesses_venue_check" CHECK (("businesses"."venue_lat" is null) = ("businesses"."venue_lon" is null)
        and ("businesses"."venue_lat" is null or ("businesses"."venue_lat" between -90 and 90
          and "businesses"."venue_lon" between -180 and 180)))
);
--> statement-breakpoint
CREATE TABLE "spot_meetings" (
	"meeting_id" integer PRIMARY KEY NOT NULL,
	"spot_id" integer NOT NULL,
	"user_a" integer NOT NULL,
	"user_b" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" DROP CONSTRAINT "media_album_check";--> statement-breakpoint
ALTER TABLE "business_decisions" ADD CONSTRAINT "business_decisions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_decisions" ADD CONSTRAINT "business_decisions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_spots" ADD CONSTRAINT "business_spots_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_spots" ADD CONSTRAINT "business_spots_photo_media_id_media_id_fk" FOREIGN KEY ("photo_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_logo_media_id_media_id_fk" FOREIGN KEY ("logo_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_meetings" ADD CONSTRAINT "spot_meetings_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_meetings" ADD CONSTRAINT "spot_meetings_spot_id_business_spots_id_fk" FOREIGN KEY ("spot_id") REFERENCES "public"."business_spots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_meetings" ADD CONSTRAINT "spot_meetings_user_a_users_id_fk" FOREIGN KEY ("user_a") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_meetings" ADD CONSTRAINT "spot_meetings_user_b_users_id_fk" FOREIGN KEY ("user_b") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_decisions_business_idx" ON "business_decisions" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "business_spots_business_idx" ON "business_spots" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "business_spots_position_idx" ON "business_spots" USING btree ("lat","lon");--> statement-breakpoint
CREATE INDEX "businesses_status_submitted_idx" ON "businesses" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "spot_meetings_spot_idx" ON "spot_meetings" USING btree ("spot_id");--> statement-breakpoint
CREATE INDEX "spot_meetings_user_a_idx" ON "spot_meetings" USING btree ("user_a");--> statement-breakpoint
CREATE INDEX "spot_meetings_user_b_idx" ON "spot_meetings" USING btree ("user_b");--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_album_check" CHECK ("media"."album" in ('profile_photos', 'kyc', 'channel_photos', 'news', 'business'));