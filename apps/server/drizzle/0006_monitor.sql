CREATE TABLE "monitor_samples" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monitor_samples_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"users_total" integer NOT NULL,
	"sockets" integer NOT NULL,
	"requests_per_minute" integer NOT NULL,
	"errors_per_minute" integer NOT NULL,
	"p95_ms" real,
	"sold" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "monitor_samples_at_idx" ON "monitor_samples" USING btree ("at");