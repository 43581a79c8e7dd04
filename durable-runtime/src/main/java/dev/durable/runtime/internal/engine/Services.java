package dev.durable.runtime.internal.engine;

import dev.durable.runtime.codec.Payloads;
import dev.durable.runtime.internal.observe.Observer;
import dev.durable.runtime.internal.store.Store;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleSupplier;

/**
 * What the parts of one engine share.
 *
 * @param progress writes turns' progress with group commit
 * @param starts writes new runs with group commit
 * @param wakeups every way the parts of the engine wake a run, tell workers of tasks queued, or
 *     hand tasks to the workers of this process ({@link EngineWakeups})
 * @param closing whether the engine is shutting down
 * @param random uniform values in [0, 1) for jitter
 * @param observer reports metrics and spans; {@link Observer#NONE} without either
 */
record Services(
    Store store,
    ProgressWrites progress,
    StartWrites starts,
    Payloads payloads,
    Time time,
    Hooks hooks,
    AttemptRunner attempts,
    InFlight inFlight,
    Queues queues,
    Waiters waiters,
    EngineWakeups wakeups,
    String engineId,
    Duration leaseDuration,
    BooleanSupplier closing,
    DoubleSupplier random,
    Registry registry,
    Observer observer) {}
