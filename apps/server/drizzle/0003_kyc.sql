CREATE TABLE "kyc_decisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kyc_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"actor_id" integer,
	"comment" text,
	"max_nft_type" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_decisions_from_check" CHECK ("kyc_decisions"."from_status" in ('draft', 'rejected', 'rejected_forever', 'approved', 'requested')),
	CONSTRAINT "kyc_decisions_to_check" CHECK ("kyc_decisions"."to_status" in ('draft', 'rejected', 'rejected_forever', 'approved', 'requested')),
	CONSTRAINT "kyc_decisions_actor_check" CHECK ("kyc_decisions"."actor" in ('user', 'moderator'))
);
--> statement-breakpoint
CREATE TABLE "kyc_verifications" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"document_media_id" uuid,
	"selfie_media_id" uuid,
	"max_nft_type" smallint,
	"moderator_comment" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_verifications_status_check" CHECK ("kyc_verifications"."status" in ('draft', 'rejected', 'rejected_forever', 'approved', 'requested')),
	CONSTRAINT "kyc_verifications_max_nft_check" CHECK ("kyc_verifications"."max_nft_type" is null or "kyc_verifications"."max_nft_type" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"album" text NOT NULL,
	"target_id" integer,
	"kind" text,
	"is_avatar" boolean DEFAULT false NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_album_check" CHECK ("media"."album" in ('profile_photos', 'kyc', 'channel_photos', 'news')),
	CONSTRAINT "media_kind_check" CHECK ("media"."kind" is null or "media"."kind" in ('document', 'selfie'))
);
--> statement-breakpoint
ALTER TABLE "kyc_decisions" ADD CONSTRAINT "kyc_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_decisions" ADD CONSTRAINT "kyc_decisions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD CONSTRAINT "kyc_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD CONSTRAINT "kyc_verifications_document_media_id_media_id_fk" FOREIGN KEY ("document_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD CONSTRAINT "kyc_verifications_selfie_media_id_media_id_fk" FOREIGN KEY ("selfie_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD CONSTRAINT "kyc_verifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_decisions_user_idx" ON "kyc_decisions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "kyc_verifications_status_submitted_idx" ON "kyc_verifications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "media_owner_album_idx" ON "media" USING btree ("owner_id","album");--> statement-breakpoint
CREATE UNIQUE INDEX "media_one_avatar_per_owner" ON "media" USING btree ("owner_id") WHERE "media"."is_avatar";