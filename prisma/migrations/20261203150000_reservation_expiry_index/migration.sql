-- `credit_reservations` holds only the holds of calls in flight (a settle or a release deletes its row), so the
-- sweeper's `WHERE expires_at < $1 ORDER BY expires_at LIMIT $2` reads a small table whole and sorts what expired.
-- The index cost every fresh call an entry written and dead again within the call (64 B of WAL, issue 38's stores
-- bench), and made the raise of a hold (`expires_at` moved) an update that could not be HOT.
DROP INDEX "credit_reservations_expires_at_idx";
