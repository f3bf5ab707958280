-- A gift recipient's receipt link (issue #44): it opens only the order's sales given to this address.
ALTER TABLE "receipt_links" ADD COLUMN "recipient_email" text;
