CREATE TABLE "referral_clicks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"referrer_id" integer NOT NULL,
	"visitor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_clicks_daily" (
	"referrer_id" integer NOT NULL,
	"day" date NOT NULL,
	"clicks" integer NOT NULL,
	CONSTRAINT "referral_clicks_daily_referrer_id_day_pk" PRIMARY KEY("referrer_id","day")
);
--> statement-breakpoint
CREATE TABLE "referral_income_daily" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	CONSTRAINT "referral_income_daily_user_id_day_source_pk" PRIMARY KEY("user_id","day","source")
);
--> statement-breakpoint
CREATE TABLE "referral_links" (
	"descendant_id" integer NOT NULL,
	"depth" smallint NOT NULL,
	"ancestor_id" integer NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"bought" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_links_descendant_id_depth_pk" PRIMARY KEY("descendant_id","depth"),
	CONSTRAINT "referral_links_depth_check" CHECK ("referral_links"."depth" between 1 and 3),
	CONSTRAINT "referral_links_not_self_check" CHECK ("referral_links"."ancestor_id" <> "referral_links"."descendant_id")
);
--> statement-breakpoint
CREATE TABLE "referral_meetings" (
	"user_id" integer NOT NULL,
	"event_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_meetings_user_id_event_ref_pk" PRIMARY KEY("user_id","event_ref")
);
--> statement-breakpoint
CREATE TABLE "referral_payouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"transaction_id" bigint,
	"status" text DEFAULT 'sending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_payouts_status_check" CHECK ("referral_payouts"."status" in ('sending', 'paid', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"source_user_id" integer NOT NULL,
	"depth" smallint NOT NULL,
	"source" text NOT NULL,
	"event_ref" text NOT NULL,
	"base_amount" numeric(78, 0) NOT NULL,
	"share_bp" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"status" text DEFAULT 'accrued' NOT NULL,
	"payout_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_rewards_depth_check" CHECK ("referral_rewards"."depth" between 1 and 3),
	CONSTRAINT "referral_rewards_source_check" CHECK ("referral_rewards"."source" in ('business_purchase', 'paid_meeting', 'basic_meeting')),
	CONSTRAINT "referral_rewards_status_check" CHECK ("referral_rewards"."status" in ('accrued', 'paid', 'void')),
	CONSTRAINT "referral_rewards_amount_check" CHECK ("referral_rewards"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "referral_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"level1_bp" integer DEFAULT 1000 NOT NULL,
	"level2_bp" integer DEFAULT 500 NOT NULL,
	"level3_bp" integer DEFAULT 200 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_settings_single_check" CHECK ("referral_settings"."id" = 1),
	CONSTRAINT "referral_settings_bp_check" CHECK ("referral_settings"."level1_bp" between 0 and 10000 and "referral_settings"."level2_bp" between 0 and 10000 and "referral_settings"."level3_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "referral_clicks" ADD CONSTRAINT "referral_clicks_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_clicks_daily" ADD CONSTRAINT "referral_clicks_daily_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_income_daily" ADD CONSTRAINT "referral_income_daily_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_descendant_id_users_id_fk" FOREIGN KEY ("descendant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_ancestor_id_users_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_meetings" ADD CONSTRAINT "referral_meetings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_transaction_id_chain_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."chain_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_source_user_id_users_id_fk" FOREIGN KEY ("source_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_payout_id_referral_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."referral_payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_clicks_referrer_idx" ON "referral_clicks" USING btree ("referrer_id","created_at","visitor");--> statement-breakpoint
CREATE INDEX "referral_links_ancestor_idx" ON "referral_links" USING btree ("ancestor_id","depth","created_at","descendant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_payouts_day_key" ON "referral_payouts" USING btree ("user_id","day") WHERE "referral_payouts"."status" <> 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "referral_payouts_transaction_key" ON "referral_payouts" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_event_key" ON "referral_rewards" USING btree ("user_id","event_ref");--> statement-breakpoint
CREATE INDEX "referral_rewards_user_idx" ON "referral_rewards" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_rewards_source_user_idx" ON "referral_rewards" USING btree ("user_id","source_user_id");--> statement-breakpoint
CREATE INDEX "referral_rewards_accrued_idx" ON "referral_rewards" USING btree ("user_id") WHERE "referral_rewards"."status" = 'accrued';--> statement-breakpoint
INSERT INTO "referral_settings" ("id") VALUES (1);
--> statement-breakpoint
CREATE FUNCTION "referral_income_daily_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.source = 'business_purchase' AND NEW.depth = 1 THEN
    UPDATE "referral_links" SET "bought" = true
    WHERE "descendant_id" = NEW.source_user_id AND "depth" = 1 AND NOT "bought";
  END IF;
  IF NEW.amount > 0 THEN
    INSERT INTO "referral_income_daily" ("user_id", "day", "source", "amount")
    VALUES (NEW.user_id, (NEW.created_at AT TIME ZONE 'UTC')::date, NEW.source, NEW.amount)
    ON CONFLICT ("user_id", "day", "source")
    DO UPDATE SET "amount" = "referral_income_daily"."amount" + EXCLUDED."amount";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "referral_rewards_income_daily" AFTER INSERT ON "referral_rewards"
FOR EACH ROW EXECUTE FUNCTION "referral_income_daily_add"();
--> statement-breakpoint
CREATE FUNCTION "referral_clicks_daily_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "referral_clicks_daily" ("referrer_id", "day", "clicks")
  VALUES (NEW.referrer_id, (NEW.created_at AT TIME ZONE 'UTC')::date, 1)
  ON CONFLICT ("referrer_id", "day")
  DO UPDATE SET "clicks" = "referral_clicks_daily"."clicks" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "referral_clicks_daily" AFTER INSERT ON "referral_clicks"
FOR EACH ROW EXECUTE FUNCTION "referral_clicks_daily_add"();
