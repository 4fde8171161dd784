-- Whether a seller shows the phone of their listings to everyone signed in;
-- otherwise only they, admins and the buyers who booked a listing see it.
ALTER TABLE users ADD COLUMN show_phone INTEGER NOT NULL DEFAULT 0;
