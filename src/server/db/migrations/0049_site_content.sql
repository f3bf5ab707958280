-- What the public site says, decided by the operator in Admin › Settings (issue #42); '{}' is every default.
ALTER TABLE "platform_settings" ADD COLUMN "site_content" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
-- The spec's placeholder bio ('Digital Creator | Tech Enthusiast | {brand} User') is a placeholder of
-- the profile form, not the creator's words: a new profile starts with an empty bio.
CREATE OR REPLACE FUNCTION zerri_create_profile() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  display_name text := coalesce(nullif(trim(NEW.name), ''), nullif(split_part(NEW.email, '@', 1), ''), 'User');
  base text := left(zerri_slug_base(display_name), 40);
  candidate text := base || '-' || lower(left(regexp_replace(NEW.id, '[^A-Za-z0-9]', '', 'g'), 4));
BEGIN
  WHILE EXISTS (SELECT 1 FROM user_profiles WHERE storefront_slug = candidate) LOOP
    candidate := base || '-' || substr(md5(random()::text), 1, 4);
  END LOOP;
  INSERT INTO user_profiles (id, name, bio, avatar_url, storefront_slug)
  VALUES (NEW.id, display_name, '', '/api/avatars/' || NEW.id || '.svg', candidate);
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Profiles that still hold the placeholder exactly as the trigger wrote it (any brand) get an empty bio.
UPDATE "user_profiles" SET "bio" = '' WHERE "bio" ~ '^Digital Creator \| Tech Enthusiast \| [^\n|]{1,100} User$';
