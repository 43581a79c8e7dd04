package dev.durable.runtime.internal.signal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunEndedException;
import dev.durable.runtime.SignalTokenExpiredException;
import dev.durable.runtime.SignalTokenUsedException;
import dev.durable.runtime.StepState;
import dev.durable.runtime.StoredText;
import dev.durable.runtime.UnknownRunException;
import dev.durable.runtime.codec.PayloadException;
import dev.durable.runtime.codec.Payloads;
import dev.durable.runtime.internal.common.Registry;
import dev.durable.runtime.internal.model.CheckpointKind;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.model.RunSnapshot;
import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.internal.store.signal.SignalQueue;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.wake.EngineWakeups;
import dev.durable.runtime.spi.DurableWorkflow;
import dev.durable.runtime.spi.SignalType;
import dev.durable.runtime.spi.WorkflowType;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Sends typed signals: validates and encodes the value as a start does its input, then stores the
 * signal and wakes its run in one commit ({@link SignalQueue#send}), and wakes the engines of this
 * process at once (those of other processes are notified by the store, on PostgreSQL).
 */
public final class SignalSender {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private final RunStore store;
  private final SignalQueue signals;
  private final Time time;
  private final Payloads payloads;
  private final Registry registry;
  private final EngineWakeups wakeups;
  private final SignalTokens tokens;

  public SignalSender(
      RunStore store, SignalQueue signals, Time time, Payloads payloads, Registry registry,
      EngineWakeups wakeups, SignalTokens tokens) {
    this.tokens = tokens;
    this.store = store;
    this.signals = signals;
    this.time = time;
    this.payloads = payloads;
    this.registry = registry;
    this.wakeups = wakeups;
  }

  /**
   * Sends {@code signal} with {@code value} to run {@code runId} of {@code workflow}.
   *
   * @throws InvalidInputException if the value is invalid or cannot be stored; nothing is stored
   * @throws UnknownRunException if no run of {@code workflow} has that id
   * @throws RunEndedException if the run has ended
   */
  public <T> void send(WorkflowType<?> workflow, String runId, SignalType<T> signal, T value) {
    if (value == null) {
      throw new InvalidInputException("cannot send " + signal + " to run " + runId + ": its value"
          + " is null, and a signal carries a value (the type its @Signal method returns); send"
          + " one. Nothing was stored.", List.of("null value"));
    }
    String payload = encode(workflow, signal, value);
    requireFitsRunsVersion(workflow, runId, signal, payload);
    WorkflowKey key = new WorkflowKey(workflow.name(), workflow.version());
    SignalQueue.Sent sent = signals
        .send(runId, key, signal.name(), payload, time.now())
        .orElseThrow(() -> new UnknownRunException(
            "cannot send " + signal + ": no run with id '" + runId + "' is stored in this"
                + " engine's database; nothing was stored"));
    if (!sent.workflow().name().equals(key.name())) { // any version of the workflow
      throw new UnknownRunException(
          "cannot send " + signal + " of " + key + " to run " + runId + ": it is a run of "
              + sent.workflow() + "; nothing was stored");
    }
    if (!sent.stored()) {
      throw new RunEndedException(
          "cannot send " + signal + " to run " + runId + ": the run has ended ("
              + sent.status() + ") and will never wait for it; nothing was stored",
          sent.status());
    }
    wakeups.runDue(time.now());
  }

  /**
   * {@code json} as a signal's value is stored: JSON of a value, not null, within the payload
   * limit.
   *
   * @throws InvalidInputException saying what is wrong; nothing is stored
   */
  private String json(String runId, String name, String json) {
    if (json == null || json.isBlank()) {
      throw new InvalidInputException("cannot send signal '" + name + "' to run " + runId
          + ": no value was given; give it as JSON text. Nothing was stored.",
          List.of("no value"));
    }
    String payload;
    try {
      payload = JSON.writeValueAsString(JSON.readTree(json));
    } catch (JsonProcessingException e) {
      throw new InvalidInputException(
          "cannot send signal '" + name + "' to run " + runId + ": its value is not JSON ("
              + e.getOriginalMessage() + "); give it as JSON text, such as '\"yes\"' for a"
              + " string or '{\"approved\": true}'. Nothing was stored.",
          List.of("not JSON"));
    }
    if (payload.equals("null")) {
      throw new InvalidInputException("cannot send signal '" + name + "' to run " + runId
          + ": its value is JSON null, and a signal carries a value (the type its @Signal method"
          + " returns); give one as JSON text. Nothing was stored.", List.of("null value"));
    }
    int bytes = payload.getBytes(StandardCharsets.UTF_8).length;
    if (bytes > payloads.maxPayloadBytes()) {
      throw new InvalidInputException("cannot send signal '" + name + "' to run " + runId
          + ": its value is " + bytes + " bytes, more than the "
          + payloads.maxPayloadBytes() + " a payload may have. Nothing was stored.",
          List.of("too large"));
    }
    return payload;
  }

  /**
   * Whether the wait a token was made for has ended: the first wait for its signal after the
   * token's position, if the run has come to one, is recorded as ended.
   */
  private boolean waitEnded(String runId, SignalTokens.Claims claims) {
    return store.snapshot(runId).map(RunSnapshot::checkpoints).orElse(List.of()).stream()
        .filter(c -> c.kind() == CheckpointKind.SIGNAL && c.name().equals(claims.signal())
            && c.seq() > claims.position())
        .findFirst()
        .map(wait -> wait.status() == StepState.COMPLETED || wait.status() == StepState.FAILED)
        .orElse(false);
  }

  /**
   * Sends the signal a token names to its run, with {@code json} as its value, and uses the token
   * up, in one commit; see {@code DurableEngine#signalWithToken}.
   */
  public void sendWithToken(String token, String json) {
    SignalTokens.Claims claims = tokens.verify(token);
    if (signals.tokenUsed(claims.tokenId())) {
      throw new SignalTokenUsedException("this signal token was used already: it sends its"
          + " signal once");
    }
    Instant now = time.now();
    if (claims.expiresAt() != null && now.isAfter(claims.expiresAt())) {
      throw new SignalTokenExpiredException("this signal token expired at " + claims.expiresAt()
          + ": nothing was sent");
    }
    // a run that is gone answers as an unknown token does: no answer tells whether a run exists
    RunRecord run = store.findRun(claims.runId()).orElseThrow(SignalTokens::unknown);
    if (run.status().isTerminal()) {
      throw new SignalTokenExpiredException("the run this signal token was made for has ended:"
          + " nothing was sent");
    }
    if (waitEnded(run.runId(), claims)) {
      throw new SignalTokenExpiredException("the wait this signal token was made for has ended"
          + " (it timed out, or took a signal sent otherwise): nothing was sent");
    }
    String payload;
    try {
      payload = json(run.runId(), claims.signal(), json);
      requireFitsIfKnown(run, claims.signal(), payload);
    } catch (InvalidInputException e) {
      throw new PayloadException(e.getMessage() + " The token was not used.", e);
    }
    switch (signals.sendOnce(claims.tokenId(), run.runId(), run.workflow(), claims.signal(),
        payloads.form().seal(payload), now)) {
      case SENT -> wakeups.runDue(time.now());
      case USED -> throw new SignalTokenUsedException("this signal token was used already: it"
          + " sends its signal once");
      case ENDED -> throw new SignalTokenExpiredException("the run this signal token was made"
          + " for has ended: nothing was sent");
    }
  }

  /**
   * Sends signal {@code name} with a value given as JSON text to run {@code runId}, whatever its
   * workflow: the value is stored as given (compacted), to be read by the run's wait, which sets
   * it aside if it does not fit (see {@link SignalWaits}).
   *
   * @throws InvalidInputException if {@code json} is not JSON, is {@code null}, or is too large;
   *     nothing is stored
   * @throws UnknownRunException if no run has that id
   * @throws RunEndedException if the run has ended
   */
  public void sendJson(String runId, String name, String json) {
    String payload = json(runId, name, json);
    RunRecord run = store.findRun(runId).orElseThrow(() -> new UnknownRunException(
        "cannot send signal '" + name + "': no run with id '" + StoredText.echo(runId)
            + "' is stored in this"
            + " engine's database; nothing was stored"));
    requireFitsIfKnown(run, name, payload);
    SignalQueue.Sent sent = signals
        .send(runId, run.workflow(), name, payloads.form().seal(payload), time.now())
        .orElseThrow(() -> new UnknownRunException(
            "cannot send signal '" + name + "': run '" + runId + "' is gone; nothing was stored"));
    if (!sent.stored()) {
      throw new RunEndedException(
          "cannot send signal '" + name + "' to run " + runId + ": the run has ended ("
              + sent.status() + ") and will never wait for it; nothing was stored",
          sent.status());
    }
    wakeups.runDue(time.now());
  }

  /**
   * Refuses a value, encoded by {@code workflow}'s client, that the run's version would not decode,
   * when the run is of another version of the workflow registered here whose signal of that name
   * carries another type: else the run would take it and fail. A version not registered here
   * cannot be checked.
   *
   * @throws InvalidInputException if it does not fit; nothing is stored
   */
  private void requireFitsRunsVersion(
      WorkflowType<?> workflow, String runId, SignalType<?> signal, String payload) {
    List<DurableWorkflow<?>> others = registry.workflows().stream()
        .filter(other -> other.workflowType().name().equals(workflow.name())
            && !other.workflowType().version().equals(workflow.version()))
        .toList();
    if (others.isEmpty()) {
      return;
    }
    Optional<RunRecord> run = store.findRun(runId);
    if (run.isEmpty()) {
      return; // the send says so
    }
    WorkflowKey runs = run.get().workflow();
    Optional<SignalType<?>> theirs = signalOf(runs, signal.name());
    if (runs.version().equals(workflow.version()) || theirs.isEmpty()) {
      return;
    }
    try {
      payloads.decode(theirs.get().value(), payload);
    } catch (PayloadException e) {
      throw new InvalidInputException(
          "cannot send " + signal + " of " + workflow + " to run " + runId + ": it is a run of"
              + " version '" + runs.version() + "', whose " + signal + " carries another type ("
              + e.getMessage() + "); send it with the client generated for version "
              + runs.version() + ". Nothing was stored.",
          List.of(e.getMessage()));
    }
  }

  /**
   * Checks a value sent as JSON against the signal's type when the run's workflow version is
   * registered here: a signal it does not have, or a value that does not fit, is refused.
   *
   * @throws InvalidInputException if so; nothing is stored
   */
  private void requireFitsIfKnown(RunRecord run, String name, String payload) {
    Optional<DurableWorkflow<?>> workflow = registry.find(run.workflow());
    if (workflow.isEmpty()) {
      // the name against those its engines stored; the value is checked by the run's wait,
      // which sets it aside if it does not fit
      signals.declared(run.workflow()).filter(names -> !names.contains(name))
          .ifPresent(names -> {
            throw unknownSignal(run, name, List.copyOf(names));
          });
      return;
    }
    Optional<SignalType<?>> signal = signalOf(run.workflow(), name);
    if (signal.isEmpty()) {
      throw unknownSignal(
          run, name, workflow.get().signals().stream().map(SignalType::name).toList());
    }
    try {
      payloads.decode(signal.get().value(), payload);
    } catch (PayloadException e) {
      throw new InvalidInputException(
          "cannot send signal '" + name + "' to run " + run.runId() + ": its value does not fit "
              + signal.get().value().type() + " (" + e.getMessage() + "). Nothing was stored.",
          List.of(e.getMessage()));
    }
  }

  /** Signal {@code name} of workflow version {@code key}, if that version is registered here. */
  private Optional<SignalType<?>> signalOf(WorkflowKey key, String name) {
    return registry.find(key).stream()
        .flatMap(workflow -> workflow.signals().stream())
        .filter(candidate -> candidate.name().equals(name))
        .<SignalType<?>>map(candidate -> candidate)
        .findFirst();
  }

  private String encode(WorkflowType<?> workflow, SignalType<?> signal, Object value) {
    List<String> violations = payloads.violations(signal.value(), value);
    if (!violations.isEmpty()) {
      throw new InvalidInputException(
          "cannot send " + signal + " of " + workflow + ": its value is invalid: "
              + String.join("; ", violations) + ". Nothing was stored.",
          violations);
    }
    try {
      return payloads.encode(signal.value(), value);
    } catch (PayloadException e) {
      throw new InvalidInputException(
          "cannot send " + signal + " of " + workflow + ": its value cannot be stored: "
              + e.getMessage() + ". Nothing was stored.",
          List.of(e.getMessage()));
    }
  }

  private static InvalidInputException unknownSignal(
      RunRecord run, String name, List<String> signals) {
    return new InvalidInputException(
        "cannot send signal '" + name + "' to run " + run.runId() + ": " + run.workflow()
            + " has no signal of that name; it has "
            + (signals.isEmpty() ? "none" : String.join(", ", signals))
            + ". Nothing was stored.",
        List.of("unknown signal"));
  }
}
