CREATE TABLE "media_processing" (
	"user_id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_processing" ADD CONSTRAINT "media_processing_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
