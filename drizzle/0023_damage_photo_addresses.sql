CREATE INDEX "damage_photos_image_idx" ON "damage_photos" USING btree ("image");--> statement-breakpoint
CREATE INDEX "damage_photos_image_thumb_idx" ON "damage_photos" USING btree ("image_thumb");