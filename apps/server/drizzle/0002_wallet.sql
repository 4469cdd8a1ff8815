CREATE TABLE "chain_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"block" numeric(78, 0) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_deployments" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"usdt" text NOT NULL,
	"token" text NOT NULL,
	"market" text NOT NULL,
	"deployed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chain_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"symbol" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"from_address" text,
	"to_address" text,
	"hash" text,
	"log_index" integer,
	"block_number" numeric(78, 0),
	"nonce" integer,
	"raw_transaction" text,
	"gas_limit" numeric(78, 0),
	"gas_price" numeric(78, 0),
	"idempotency_key" text,
	"request_hash" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_transactions_type_check" CHECK ("chain_transactions"."type" in ('BUY_NFT', 'GASING', 'APPROVE', 'INPUT', 'REWARD', 'OUTPUT', 'GENERATE')),
	CONSTRAINT "chain_transactions_status_check" CHECK ("chain_transactions"."status" in ('REQUESTED', 'PROCESSING', 'CONFIRMED', 'FAIL', 'PENDING', 'CANCELED', 'NONE')),
	CONSTRAINT "chain_transactions_symbol_check" CHECK ("chain_transactions"."symbol" in ('USDT', 'BNB')),
	CONSTRAINT "chain_transactions_amount_check" CHECK ("chain_transactions"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "one_time_codes" DROP CONSTRAINT "one_time_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD CONSTRAINT "chain_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transactions_input_key" ON "chain_transactions" USING btree ("hash","log_index") WHERE "chain_transactions"."type" = 'INPUT';--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transactions_idempotency_key" ON "chain_transactions" USING btree ("user_id","idempotency_key") WHERE "chain_transactions"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "chain_transactions_user_idx" ON "chain_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "chain_transactions_open_idx" ON "chain_transactions" USING btree ("status") WHERE "chain_transactions"."status" in ('REQUESTED', 'PROCESSING');--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_address_lower_key" ON "wallets" USING btree (lower("address"));--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_purpose_check" CHECK ("one_time_codes"."purpose" in ('recovery', 'email_verify', 'withdrawal'));