CREATE TABLE "market_purchases" (
	"transaction_id" bigint PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"approve_transaction_id" bigint,
	"leave_transaction_id" bigint,
	"status" text NOT NULL,
	"token_id" numeric(78, 0),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_purchases_level_check" CHECK ("market_purchases"."level" in (0, 1, 2)),
	CONSTRAINT "market_purchases_status_check" CHECK ("market_purchases"."status" in ('pending', 'queued', 'completed', 'canceled', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "call_data" text;--> statement-breakpoint
ALTER TABLE "market_purchases" ADD CONSTRAINT "market_purchases_transaction_id_chain_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."chain_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_purchases" ADD CONSTRAINT "market_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_purchases" ADD CONSTRAINT "market_purchases_approve_transaction_id_chain_transactions_id_fk" FOREIGN KEY ("approve_transaction_id") REFERENCES "public"."chain_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_purchases" ADD CONSTRAINT "market_purchases_leave_transaction_id_chain_transactions_id_fk" FOREIGN KEY ("leave_transaction_id") REFERENCES "public"."chain_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "market_purchases_open_key" ON "market_purchases" USING btree ("user_id","level") WHERE "market_purchases"."status" in ('pending', 'queued');--> statement-breakpoint
CREATE UNIQUE INDEX "market_purchases_leave_key" ON "market_purchases" USING btree ("leave_transaction_id");--> statement-breakpoint
CREATE INDEX "market_purchases_user_idx" ON "market_purchases" USING btree ("user_id");