-- Issue 38: accounts that existed before email verification. An account linked to a single
-- sign-on identity got there through a provider that vouched for its address (email_verified),
-- so it counts as verified. Every other account (password sign-ups) stays unverified: nothing
-- ever proved that its owner reads that mailbox, and single sign-on will not link to it until a
-- verification or reset link mailed there is opened.
UPDATE "users" SET "email_verified_at" = "user_identities"."created_at"
FROM "user_identities"
WHERE "user_identities"."user_id" = "users"."id" AND "users"."email_verified_at" IS NULL;
