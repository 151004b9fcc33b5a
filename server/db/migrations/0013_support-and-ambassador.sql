CREATE TABLE "support_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"is_from_admin" boolean DEFAULT false NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_reads" (
	"user_id" integer NOT NULL,
	"topic" text NOT NULL,
	"last_read_message_id" integer DEFAULT 0 NOT NULL,
	"last_emailed_at" timestamp with time zone,
	CONSTRAINT "support_reads_user_id_topic_pk" PRIMARY KEY("user_id","topic")
);
--> statement-breakpoint
CREATE TABLE "ambassador_chat_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ambassador_chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ambassador_chat_reads" (
	"topic_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_read_message_id" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ambassador_chat_reads_topic_id_user_id_pk" PRIMARY KEY("topic_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_reads" ADD CONSTRAINT "support_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ambassador_chat_topics" ADD CONSTRAINT "ambassador_chat_topics_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ambassador_chat_messages" ADD CONSTRAINT "ambassador_chat_messages_topic_id_ambassador_chat_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."ambassador_chat_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ambassador_chat_messages" ADD CONSTRAINT "ambassador_chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ambassador_chat_reads" ADD CONSTRAINT "ambassador_chat_reads_topic_id_ambassador_chat_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."ambassador_chat_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ambassador_chat_reads" ADD CONSTRAINT "ambassador_chat_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_messages_conversation_idx" ON "support_messages" USING btree ("user_id","topic","id");--> statement-breakpoint
CREATE INDEX "support_messages_pending_idx" ON "support_messages" USING btree ("id") WHERE "support_messages"."resolved" = false and "support_messages"."is_from_admin" = false;--> statement-breakpoint
CREATE INDEX "ambassador_chat_messages_topic_idx" ON "ambassador_chat_messages" USING btree ("topic_id","id");
