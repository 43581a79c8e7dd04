package dev.durable.runtime.internal.engine;

import dev.durable.runtime.codec.Payloads;
import dev.durable.runtime.internal.observe.Observer;
import dev.durable.runtime.internal.store.Commit;
import dev.durable.runtime.internal.store.NewRun;
import dev.durable.runtime.internal.store.Store;
import java.time.Duration;
import java.time.Instant;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleSupplier;

/**
 * What the parts of one engine share.
 *
 * @param progress writes turns' progress with group commit
 * @param starts writes new runs with group commit
 * @param wakeups wakes the workers of this process when a task is queued
 * @param database the database this engine opened, which a worker of this process shares if it
 *     opened the same ({@link EagerDispatch})
 * @param slots the engine's slots, which a worker of this process hands runs back to
 * @param wakeAt asks the engine to look for due runs at an instant: a run suspended here wakes then
 * @param claimAhead asks the engine to claim back a run suspended here by a timer or a backoff of
 *     its own, a little ahead of its due time ({@link Time#claimLead}); the turn waits out the rest
 * @param closing whether the engine is shutting down
 * @param random uniform values in [0, 1) for jitter
 * @param observer reports metrics and spans; {@link Observer#NONE} without either
 */
record Services(
    Store store,
    GroupCommit<Commit> progress,
    GroupCommit<NewRun> starts,
    Payloads payloads,
    Time time,
    Hooks hooks,
    AttemptRunner attempts,
    InFlight inFlight,
    Queues queues,
    Waiters waiters,
    LocalWakeups wakeups,
    DatabaseKey database,
    EngineSlots slots,
    String engineId,
    Duration leaseDuration,
    Consumer<Instant> wakeAt,
    BiConsumer<String, Instant> claimAhead,
    BooleanSupplier closing,
    DoubleSupplier random,
    Registry registry,
    Observer observer) {}
