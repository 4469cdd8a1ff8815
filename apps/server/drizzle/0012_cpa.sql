CREATE TABLE "cpa_attributions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"click_id" text,
	"visitor" text NOT NULL,
	"flag" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cpa_conversions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cpa_conversions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"link_id" text NOT NULL,
	"affiliate_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"action" text NOT NULL,
	"click_id" text,
	"level" text NOT NULL,
	"payout" numeric(78, 0) NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"payout_id" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cpa_hits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cpa_hits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"link_id" text NOT NULL,
	"visitor" text NOT NULL,
	"click_id" text,
	"flag" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cpa_links" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"callback_url" text,
	"secret_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cpa_partners" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"level" text DEFAULT 'standard' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cpa_payout_rates" (
	"action" text NOT NULL,
	"level" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	CONSTRAINT "cpa_payout_rates_action_level_pk" PRIMARY KEY("action","level")
);
--> statement-breakpoint
CREATE TABLE "cpa_payouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cpa_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"transaction_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cpa_postback_attempts" (
	"postback_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ok" boolean NOT NULL,
	"status_code" smallint,
	"duration_ms" integer NOT NULL,
	"error" text,
	CONSTRAINT "cpa_postback_attempts_postback_id_attempt_pk" PRIMARY KEY("postback_id","attempt")
);
--> statement-breakpoint
CREATE TABLE "cpa_postbacks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cpa_postbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversion_id" bigint NOT NULL,
	"link_id" text NOT NULL,
	"affiliate_id" integer NOT NULL,
	"url" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cpa_revenue" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cpa_revenue_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"link_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"ref" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cpa_attributions_link_idx" ON "cpa_attributions" USING btree ("link_id","created_at");--> statement-breakpoint
CREATE INDEX "cpa_attributions_visitor_idx" ON "cpa_attributions" USING btree ("visitor");--> statement-breakpoint
CREATE UNIQUE INDEX "cpa_conversions_user_action_key" ON "cpa_conversions" USING btree ("user_id","action");--> statement-breakpoint
CREATE INDEX "cpa_conversions_link_idx" ON "cpa_conversions" USING btree ("link_id","created_at");--> statement-breakpoint
CREATE INDEX "cpa_conversions_affiliate_idx" ON "cpa_conversions" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "cpa_conversions_unpaid_idx" ON "cpa_conversions" USING btree ("affiliate_id") WHERE "cpa_conversions"."payout_id" is null and not "cpa_conversions"."flagged";--> statement-breakpoint
CREATE INDEX "cpa_hits_link_idx" ON "cpa_hits" USING btree ("link_id","created_at");--> statement-breakpoint
CREATE INDEX "cpa_hits_visitor_idx" ON "cpa_hits" USING btree ("visitor","last_seen_at");--> statement-breakpoint
CREATE INDEX "cpa_links_user_idx" ON "cpa_links" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "cpa_payouts_user_idx" ON "cpa_payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cpa_postbacks_conversion_key" ON "cpa_postbacks" USING btree ("conversion_id");--> statement-breakpoint
CREATE INDEX "cpa_postbacks_affiliate_idx" ON "cpa_postbacks" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cpa_revenue_ref_key" ON "cpa_revenue" USING btree ("ref");--> statement-breakpoint
CREATE INDEX "cpa_revenue_link_idx" ON "cpa_revenue" USING btree ("link_id","created_at");--> statement-breakpoint
-- Default payouts per action and partner level (USDT, 18 decimals); admins change them.
INSERT INTO "cpa_payout_rates" ("action", "level", "amount") VALUES
	('registration', 'standard', 1000000000000000000),
	('registration', 'premium', 1500000000000000000),
	('fill_profile', 'standard', 500000000000000000),
	('fill_profile', 'premium', 750000000000000000),
	('first_meet', 'standard', 2000000000000000000),
	('first_meet', 'premium', 3000000000000000000),
	('purchase', 'standard', 5000000000000000000),
	('purchase', 'premium', 8000000000000000000);
--> statement-breakpoint
-- Integrity towards the users table, kept in SQL so the module's schema imports no other module's.
ALTER TABLE "cpa_links" ADD CONSTRAINT "cpa_links_user_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "cpa_attributions" ADD CONSTRAINT "cpa_attributions_user_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "cpa_attributions" ADD CONSTRAINT "cpa_attributions_link_fk" FOREIGN KEY ("link_id") REFERENCES "cpa_links"("id");--> statement-breakpoint
ALTER TABLE "cpa_conversions" ADD CONSTRAINT "cpa_conversions_link_fk" FOREIGN KEY ("link_id") REFERENCES "cpa_links"("id");--> statement-breakpoint
ALTER TABLE "cpa_postback_attempts" ADD CONSTRAINT "cpa_postback_attempts_postback_fk" FOREIGN KEY ("postback_id") REFERENCES "cpa_postbacks"("id") ON DELETE cascade;
