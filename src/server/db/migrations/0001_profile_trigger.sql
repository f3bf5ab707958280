-- Every user gets a profile row in the same transaction as the user itself, with the
-- spec's fallbacks: name from the e-mail, generated avatar, unique storefront slug.
CREATE OR REPLACE FUNCTION zerri_slug_base(raw_name text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(
    nullif(trim(both '-' from regexp_replace(regexp_replace(lower(raw_name), '\s+', '-', 'g'), '[^a-z0-9-]+|-{2,}', '', 'g')), ''),
    'user')
$$;
--> statement-breakpoint
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
  VALUES (
    NEW.id,
    display_name,
    coalesce(current_setting('zerri.default_bio', true), 'Digital Creator | Tech Enthusiast | Zerri User'),
    '/api/avatars/' || NEW.id || '.svg',
    candidate
  );
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_create_profile AFTER INSERT ON users
FOR EACH ROW EXECUTE FUNCTION zerri_create_profile();
