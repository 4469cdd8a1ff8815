CREATE TABLE "meet_bans" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"report_id" integer,
	"banned_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meet_blocks" (
	"blocker_id" integer NOT NULL,
	"blocked_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meet_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
CREATE TABLE "meet_conversation_members" (
	"conversation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_id" bigint,
	CONSTRAINT "meet_conversation_members_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "meet_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_a" integer NOT NULL,
	"user_b" integer NOT NULL,
	"started_by" integer NOT NULL,
	"last_message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meet_conversations_pair_key" UNIQUE("user_a","user_b"),
	CONSTRAINT "meet_conversations_order_check" CHECK ("meet_conversations"."user_a" < "meet_conversations"."user_b")
);
--> statement-breakpoint
CREATE TABLE "meet_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meet_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"text" text NOT NULL,
	"flags" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meet_messages_client_key" UNIQUE("sender_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "meet_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"reporter_id" integer,
	"reported_user_id" integer NOT NULL,
	"message_id" bigint,
	"reason" text NOT NULL,
	"text" text,
	"status" text DEFAULT 'open' NOT NULL,
	"moderator_comment" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meet_reports_status_check" CHECK ("meet_reports"."status" in ('open', 'dismissed', 'warned', 'banned'))
);
--> statement-breakpoint
ALTER TABLE "meet_bans" ADD CONSTRAINT "meet_bans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_bans" ADD CONSTRAINT "meet_bans_report_id_meet_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."meet_reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_bans" ADD CONSTRAINT "meet_bans_banned_by_users_id_fk" FOREIGN KEY ("banned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_blocks" ADD CONSTRAINT "meet_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_blocks" ADD CONSTRAINT "meet_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_conversation_members" ADD CONSTRAINT "meet_conversation_members_conversation_id_meet_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."meet_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_conversation_members" ADD CONSTRAINT "meet_conversation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_conversations" ADD CONSTRAINT "meet_conversations_user_a_users_id_fk" FOREIGN KEY ("user_a") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_conversations" ADD CONSTRAINT "meet_conversations_user_b_users_id_fk" FOREIGN KEY ("user_b") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_conversations" ADD CONSTRAINT "meet_conversations_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_messages" ADD CONSTRAINT "meet_messages_conversation_id_meet_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."meet_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_messages" ADD CONSTRAINT "meet_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_reports" ADD CONSTRAINT "meet_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_reports" ADD CONSTRAINT "meet_reports_reported_user_id_users_id_fk" FOREIGN KEY ("reported_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_reports" ADD CONSTRAINT "meet_reports_message_id_meet_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."meet_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meet_reports" ADD CONSTRAINT "meet_reports_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meet_blocks_blocked_idx" ON "meet_blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE INDEX "meet_conversations_user_b_idx" ON "meet_conversations" USING btree ("user_b");--> statement-breakpoint
CREATE INDEX "meet_conversations_started_idx" ON "meet_conversations" USING btree ("started_by","created_at");--> statement-breakpoint
CREATE INDEX "meet_messages_conversation_idx" ON "meet_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "meet_messages_sender_idx" ON "meet_messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "meet_reports_status_idx" ON "meet_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "meet_reports_reported_idx" ON "meet_reports" USING btree ("reported_user_id","created_at");