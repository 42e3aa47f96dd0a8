-- Platform admin rights used to follow any address listed in ADMIN_EMAILS, granted at sign-up or login to
-- whoever held that address, without proof of owning it: anyone could register (or change their account's
-- email to) a listed address nobody had claimed and become an admin, and the flag stayed afterwards.
-- Every existing flag may have been obtained that way, so all are cleared; operators grant them again to
-- the right accounts with `npm run admin -- grant EMAIL`.
UPDATE users SET is_admin = false;
