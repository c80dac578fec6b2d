-- People who signed up before plans existed are on Starter with no trial; without this they would lose
-- Pro's features the moment plans ship. They get the same 14-day Pro trial a new person gets, from now.
UPDATE "users" SET "trial_ends_at" = now() + interval '14 days' WHERE "plan" = 'starter' AND "trial_ends_at" IS NULL;
