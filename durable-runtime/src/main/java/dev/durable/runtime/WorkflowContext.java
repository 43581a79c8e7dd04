package dev.durable.runtime;

import java.time.Duration;
import java.time.Instant;
import java.util.Random;
import java.util.UUID;

/**
 * What a {@code @Run} method may ask of the engine. Declare it as the method's first parameter to
 * receive it; it is not part of the run's stored input.
 */
public interface WorkflowContext {

  /** The id of the run being executed. */
  String runId();

  /** The workflow's name. */
  String workflowName();

  /** The workflow's version. */
  String workflowVersion();

  /**
   * A durable timer: the run is suspended in storage and resumes once {@code duration} has passed,
   * on whichever engine picks it up, even after a crash or a deploy. Zero or negative durations
   * return at once.
   */
  void sleep(Duration duration);

  /**
   * The current time by the engine's clock ({@code DurableEngine.Builder.clock}), recorded the
   * first time the run reaches this call and the same instant on every replay: use it instead of
   * {@code Instant.now()} or {@code System.currentTimeMillis()} in a {@code @Run} method.
   *
   * <p>Like every call of the context and every step, it takes the next position in the run's
   * checkpoints: a replay that calls something else there fails the run with a {@link
   * NonDeterminismException}. The value is recorded the way a completed step is: held and written
   * with the turn's next write, which comes before its next step, timer or end, so calling it
   * costs no commit of its own. If the engine dies before that write, the value is drawn again
   * when the run is taken up: nothing durable depended on it yet.
   */
  Instant now();

  /**
   * A random UUID, recorded the first time the run reaches this call and the same UUID on every
   * replay: use it instead of {@code UUID.randomUUID()} in a {@code @Run} method, as for an
   * idempotency key passed to a step. Recorded as {@link #now()} is.
   */
  UUID randomUUID();

  /**
   * A new random number generator seeded with a seed recorded the first time the run reaches this
   * call and the same seed on every replay, so it gives the same sequence on every replay: use it
   * instead of {@code new Random()}, {@code Math.random()} or {@code ThreadLocalRandom} in a
   * {@code @Run} method. The seed is recorded as {@link #now()}'s value is; the numbers drawn
   * from the generator are not recorded, so draw them in the same order on every replay. Not for
   * secrets: draw those inside a step.
   */
  Random random();

  /**
   * Whether the run takes the patched path at this point: true for a run that reaches this call
   * for the first time on code that has it (a new run, or one that was not this far when the patch
   * was deployed), and false, on every replay, for a run that passed this point before the patch
   * existed. A small change needs no new version:
   *
   * <pre>{@code
   * if (ctx.patched("fraud-check")) {
   *   checkFraud(order);            // only runs that reach this after the deploy
   * }
   * }</pre>
   *
   * <p>A true answer is recorded as a marker at the call's position (written with the turn's next
   * write, as {@link #now()}'s value is) and replayed; a false one records nothing. Keep the call
   * in the code while runs that passed it may still be replayed: removing it makes those runs
   * meet their marker where the code now calls something else, a non-determinism error.
   *
   * @param patchId the patch's name: 1 to 100 characters, unique among the workflow's patches
   * @throws IllegalArgumentException if {@code patchId} is blank or too long
   */
  boolean patched(String patchId);

  /**
   * Whether this turn is still replaying recorded checkpoints: true until the first step or timer
   * that has not finished before. Use it to avoid logging the same thing on every replay.
   */
  boolean isReplaying();

  /**
   * Gives the run the searchable attribute {@code key} = {@code value} ({@link
   * RunFilter.Builder#attribute} finds it; {@link RunInfo#attributes()} shows it), replacing the
   * value the key had, whether the start gave it ({@link StartOptions.Builder#attribute}) or an
   * earlier call did.
   *
   * <p>Recorded at the call's position as {@link #now()}'s value is: the attribute is stored with
   * the turn's next write, and a replay finds it recorded and stores nothing again. A replay that
   * calls it there with another key is a {@link NonDeterminismException}; with another value, the
   * recorded value stands.
   *
   * @throws IllegalArgumentException if the key or value breaks {@link RunAttributes#check}'s
   *     rules, or the run would hold more than {@link RunAttributes#MAX_PER_RUN} keys; nothing is
   *     recorded, and the call takes no position
   */
  void attribute(String key, String value);

  // ---- runs that talk back: events and streams

  /**
   * Sets event {@code key} of this run to {@code value}, for callers outside the run to read
   * ({@link RunHandle#getEvent}): they see the latest value set. Use it to publish progress, or
   * the answer a caller waits for (a caller signals the run, then waits for the event it answers
   * with).
   *
   * <p>Like a step call, it takes the next position in the run's checkpoints and is recorded
   * there: a replay does not set the value again. The value is written with the turn's next write,
   * which comes before its next step, timer, wait or end (so it costs no commit of its own); it is
   * kept until the run is purged, and readers in any process that shares the database see it.
   *
   * @param key 1 to 200 characters, not blank
   * @param value not null; stored as JSON, within the payload limit ({@code
   *     DurableEngine.Builder.maxPayloadBytes}); read back with the type given to {@code getEvent}
   * @throws IllegalArgumentException if the key is blank or too long, or the value null
   * @throws dev.durable.runtime.codec.PayloadException if the value cannot be stored or is over the
   *     payload limit; nothing is recorded
   */
  void setEvent(String key, Object value);

  /**
   * Writes {@code value} to stream {@code key} of this run, after the values written to it before,
   * for callers outside the run to read in order ({@link RunHandle#readStream}): a chat answer
   * token by token, a report's lines as they are made. Recorded at its own position as {@link
   * #setEvent} is; a replay does not write it again. Close the stream after its last value ({@link
   * #closeStream}); a run that ends closes its streams for their readers.
   *
   * @param key 1 to 200 characters, not blank
   * @param value not null; stored as JSON, within the payload limit
   * @throws IllegalArgumentException if the key is blank or too long, or the value null
   * @throws IllegalStateException if this run closed the stream already
   * @throws dev.durable.runtime.codec.PayloadException if the value cannot be stored or is over the
   *     payload limit; nothing is recorded
   */
  void writeStream(String key, Object value);

  /**
   * Closes stream {@code key} of this run: its readers get every value written to it, then the end.
   * Recorded at its position as {@link #setEvent} is; closing a closed stream does nothing (and
   * takes no position). A stream never written to may be closed: its readers get no value.
   *
   * @param key 1 to 200 characters, not blank
   * @throws IllegalArgumentException if the key is blank or too long
   */
  void closeStream(String key);

  /**
   * A token that lets whoever holds it send signal {@code signal} to this run, once, without the
   * run's id or a Java client: a payment provider's webhook, an "approve" link in an e-mail ({@link
   * DurableEngine#signalWithToken}, or {@code POST /durable/signals/{token}}). Recorded at its
   * position like a step: a replay returns the same token. It is signed with a secret kept in the
   * store, so that every engine verifies it; it can be used once, and no longer once the run has
   * ended.
   *
   * @param signal the name of a signal of this workflow
   */
  String signalToken(String signal);

  /**
   * A token as {@link #signalToken(String)} gives, which expires after {@code validFor}.
   *
   * @throws IllegalArgumentException if {@code validFor} is not positive
   */
  String signalToken(String signal, Duration validFor);
}
