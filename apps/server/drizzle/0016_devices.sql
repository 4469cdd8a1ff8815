CREATE TABLE "attest_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_key_accounts" (
	"key_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_key_accounts_key_id_user_id_pk" PRIMARY KEY("key_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "device_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"public_key_pem" text NOT NULL,
	"sign_count" bigint DEFAULT 0 NOT NULL,
	"environment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "device_lock_reason" text;--> statement-breakpoint
ALTER TABLE "attest_challenges" ADD CONSTRAINT "attest_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_key_accounts" ADD CONSTRAINT "device_key_accounts_key_id_device_keys_key_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."device_keys"("key_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_key_accounts" ADD CONSTRAINT "device_key_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attest_challenges_expires_at_idx" ON "attest_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "device_key_accounts_user_id_idx" ON "device_key_accounts" USING btree ("user_id");