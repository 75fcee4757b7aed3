-- Nothing to undo: which layout each value had before cannot be told back, and the ISO text the
-- up migration wrote is what the application writes from now on.
SELECT 1;
