CREATE TABLE "link_visit_kinds" (
	"id" serial PRIMARY KEY NOT NULL,
	"referrer" text NOT NULL,
	"browser" text NOT NULL,
	"device" text NOT NULL,
	"os" text NOT NULL,
	"country" text NOT NULL,
	CONSTRAINT "link_visit_kinds_unique" UNIQUE("referrer","browser","device","os","country")
);
--> statement-breakpoint
CREATE TABLE "link_visits" (
	"link_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind_id" integer NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "link_visits_pk" PRIMARY KEY("link_id","day","kind_id")
);
--> statement-breakpoint
-- No foreign key to short_links: checking it took a key-share lock on the link's row for every visit row
-- written (half the cost of a flush); a link's visits go with it by this trigger instead (one statement per delete).
CREATE FUNCTION "link_visits_of_removed_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "link_visits" v USING removed r WHERE v."link_id" = r."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "link_visits_of_removed_links" AFTER DELETE ON "short_links" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "link_visits_of_removed_links"();--> statement-breakpoint
-- Room on each page for a link's click count to be rewritten in place (a HOT update, no index entries).
ALTER TABLE "short_links" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "link_visits" SET (fillfactor = 80);--> statement-breakpoint
-- The per-dimension counts become visits with the same sums by every dimension: a day's clicks are laid
-- on a line once per dimension (its values one after another), and each stretch between two boundaries
-- of any dimension becomes one visit row, of the kind made of the values covering it.
CREATE TEMPORARY TABLE "stretches" AS
WITH dims AS (
  SELECT link_id, day, kind, value, clicks,
         sum(clicks) OVER (PARTITION BY link_id, day, kind ORDER BY value ROWS UNBOUNDED PRECEDING) AS upto
  FROM "link_click_stats" WHERE kind <> 'total' AND clicks > 0
), cuts AS (
  SELECT link_id, day, upto AS cut FROM dims
  UNION
  SELECT link_id, day, clicks FROM "link_click_stats" WHERE kind = 'total' AND clicks > 0
), lines AS (
  SELECT link_id, day, coalesce(lag(cut) OVER (PARTITION BY link_id, day ORDER BY cut), 0) AS start, cut AS stop FROM cuts
)
SELECT s.link_id, s.day, s.stop - s.start AS clicks,
       coalesce(max(d.value) FILTER (WHERE d.kind = 'referrer'), '') AS referrer,
       coalesce(max(d.value) FILTER (WHERE d.kind = 'browser'), '') AS browser,
       coalesce(max(d.value) FILTER (WHERE d.kind = 'device'), '') AS device,
       coalesce(max(d.value) FILTER (WHERE d.kind = 'os'), '') AS os,
       coalesce(max(d.value) FILTER (WHERE d.kind = 'country'), '--') AS country
FROM lines s
LEFT JOIN dims d ON d.link_id = s.link_id AND d.day = s.day AND d.upto - d.clicks <= s.start AND s.start < d.upto
WHERE s.stop > s.start
GROUP BY s.link_id, s.day, s.start, s.stop;--> statement-breakpoint
INSERT INTO "link_visit_kinds" ("referrer", "browser", "device", "os", "country")
SELECT DISTINCT referrer, browser, device, os, country FROM "stretches" ORDER BY 1, 2, 3, 4, 5;--> statement-breakpoint
INSERT INTO "link_visits" ("link_id", "day", "kind_id", "clicks")
SELECT s.link_id, s.day, k.id, sum(s.clicks)::int FROM "stretches" s
JOIN "link_visit_kinds" k USING ("referrer", "browser", "device", "os", "country")
GROUP BY s.link_id, s.day, k.id;--> statement-breakpoint
DROP TABLE "stretches";
