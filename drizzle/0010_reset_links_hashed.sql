-- Reset links are now stored only as a hash (app/platform/auth/reset-links.server.ts): the links still
-- stored in plain text end here. Whoever needs one asks again.
DELETE FROM "verification" WHERE "identifier" LIKE 'reset-password:%';
