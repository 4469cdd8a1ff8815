CREATE TABLE "meeting_handshakes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"issuer_id" integer NOT NULL,
	"issuer_device" text,
	"phase" text NOT NULL,
	"meeting_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_handshakes_phase_check" CHECK ("meeting_handshakes"."phase" in ('start', 'end'))
);
--> statement-breakpoint
CREATE TABLE "meeting_standings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"denied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"meetings_left" integer NOT NULL,
	"annulled_at" timestamp with time zone,
	CONSTRAINT "meeting_standings_left_check" CHECK ("meeting_standings"."meetings_left" >= 0)
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_a" integer NOT NULL,
	"user_b" integer NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"level" smallint,
	"device_a" text,
	"device_b" text,
	"minutes_counted" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"mint_from_block" numeric(78, 0),
	"mint_hash" text,
	"token_id" numeric(78, 0),
	"mint_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meetings_order_check" CHECK ("meetings"."user_a" < "meetings"."user_b"),
	CONSTRAINT "meetings_method_check" CHECK ("meetings"."method" in ('ble', 'code')),
	CONSTRAINT "meetings_status_check" CHECK ("meetings"."status" in ('active', 'completed', 'failed')),
	CONSTRAINT "meetings_outcome_check" CHECK ("meetings"."outcome" in ('pending', 'minting', 'minted', 'refused', 'mint_failed', 'not_proven')),
	CONSTRAINT "meetings_level_check" CHECK ("meetings"."level" in (0, 1, 2))
);
--> statement-breakpoint
ALTER TABLE "meeting_handshakes" ADD CONSTRAINT "meeting_handshakes_issuer_id_users_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_handshakes" ADD CONSTRAINT "meeting_handshakes_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_standings" ADD CONSTRAINT "meeting_standings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_user_a_users_id_fk" FOREIGN KEY ("user_a") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_user_b_users_id_fk" FOREIGN KEY ("user_b") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_handshakes_live_code_key" ON "meeting_handshakes" USING btree ("code") WHERE "meeting_handshakes"."used_at" is null;--> statement-breakpoint
CREATE INDEX "meeting_handshakes_issuer_idx" ON "meeting_handshakes" USING btree ("issuer_id");--> statement-breakpoint
CREATE INDEX "meetings_user_a_idx" ON "meetings" USING btree ("user_a","started_at");--> statement-breakpoint
CREATE INDEX "meetings_user_b_idx" ON "meetings" USING btree ("user_b","started_at");--> statement-breakpoint
CREATE INDEX "meetings_active_idx" ON "meetings" USING btree ("status") WHERE "meetings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "meetings_minting_idx" ON "meetings" USING btree ("outcome") WHERE "meetings"."outcome" = 'minting';--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_pair_minted_key" ON "meetings" USING btree ("user_a","user_b") WHERE "meetings"."outcome" in ('minting', 'minted');