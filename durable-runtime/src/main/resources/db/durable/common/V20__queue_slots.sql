-- Step attempts' queues across engines (Queue.concurrency and Queue.rateLimit on @Step(queue)).
-- A queue limited to n attempts at once has the slots 0..n-1, made when an engine declares it: an
-- attempt leases a free slot (or one whose lease ended: its engine died), its holder engine renews
-- the lease with its runs' leases, and the attempt's end clears it. One text for H2 and PostgreSQL.
CREATE TABLE durable_queue_slots (
    queue_name  VARCHAR(100)             NOT NULL,
    slot        INTEGER                  NOT NULL,
    holder      VARCHAR(200),
    held_by     VARCHAR(600),
    lease_until TIMESTAMP WITH TIME ZONE,
    PRIMARY KEY (queue_name, slot)
);
-- an engine's renewal of the slots it holds
CREATE INDEX durable_queue_slots_holder ON durable_queue_slots (holder);

-- A queue whose attempts are limited to k started per period has k permits: an attempt takes one
-- used no later than a period ago and stamps it now, so that no period holds more than k starts
-- (a sliding window).
CREATE TABLE durable_queue_permits (
    queue_name VARCHAR(100)             NOT NULL,
    permit     INTEGER                  NOT NULL,
    used_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (queue_name, permit)
);
