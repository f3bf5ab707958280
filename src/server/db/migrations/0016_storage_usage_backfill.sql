-- Storage quotas (issue #16): files stored before stored_files existed count from here on where their
-- size is known (product files); designs get their size, their JSON as designSize() measures it (near enough).
INSERT INTO "stored_files" ("bucket", "key", "user_id", "size")
  SELECT 'product-files', "file_key", "user_id", "file_size" FROM "products"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "designs" SET "size_bytes" = octet_length(json_build_object('title', "title", 'elements', "elements")::text);
