-- New accounts keep no language or theme until one is chosen: the first sign-in adopts what the
-- visitor picked on that device (GET /api/profile tells with `preferencesChosen`); older rows keep theirs.
ALTER TABLE "user_profiles" ALTER COLUMN "preferences" SET DEFAULT '{}'::jsonb;