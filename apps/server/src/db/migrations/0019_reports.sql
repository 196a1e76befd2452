-- Reports (issue 17): every open report of one offer, creator or message is one case in the admins' queue, with
-- the content as first reported; each person's report in a case is one row, added to when they report again.
CREATE TABLE "report_cases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_cases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"owner_id" text,
	"snapshot" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reports_count" integer DEFAULT 0 NOT NULL,
	"last_reported_at" timestamp with time zone NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" text,
	"handled_note" text,
	CONSTRAINT "report_cases_kind_check" CHECK ("report_cases"."target_kind" in ('offer', 'creator', 'message')),
	CONSTRAINT "report_cases_status_check" CHECK ("report_cases"."status" in ('open', 'dismissed', 'hidden'))
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"case_id" bigint NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_case_id_reporter_id_pk" PRIMARY KEY("case_id","reporter_id"),
	CONSTRAINT "reports_note_check" CHECK (char_length("reports"."note") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "report_cases" ADD CONSTRAINT "report_cases_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_cases" ADD CONSTRAINT "report_cases_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_case_id_report_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."report_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_cases_open_target_idx" ON "report_cases" USING btree ("target_kind","target_id") WHERE "report_cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "report_cases_queue_idx" ON "report_cases" USING btree ("reports_count" DESC NULLS FIRST,"last_reported_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "report_cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "report_cases_owner_idx" ON "report_cases" USING btree ("owner_id") WHERE "report_cases"."owner_id" is not null;--> statement-breakpoint
CREATE INDEX "report_cases_handled_by_idx" ON "report_cases" USING btree ("handled_by") WHERE "report_cases"."handled_by" is not null;--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id");