-- Why a booking was cancelled for its buyer, when neither side did it:
-- 'seller_suspended' or 'seller_deleted', which My Orders says; empty
-- otherwise.
ALTER TABLE bookings ADD COLUMN cancel_reason TEXT NOT NULL DEFAULT '';
-- The one statement the person a no-show was counted against may add
-- beside it; empty until they do.
ALTER TABLE bookings ADD COLUMN no_show_answer TEXT NOT NULL DEFAULT '';
