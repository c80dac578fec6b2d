CREATE TABLE "data_imports" (
	"user_id" uuid NOT NULL,
	"export_digest" text NOT NULL,
	"rows" jsonb NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_imports_user_id_export_digest_pk" PRIMARY KEY("user_id","export_digest")
);
--> statement-breakpoint
ALTER TABLE "data_imports" ADD CONSTRAINT "data_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;