package dev.durable.runtime.spi;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.durable.runtime.PayloadTransform;
import dev.durable.runtime.RunExport;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Replays exported runs against the current code of their workflows, as an engine's turn would,
 * without a database and without executing anything: what {@code
 * dev.durable.runtime.testing.WorkflowReplayer} (in {@code durable-test}) runs. The engine
 * implements it; {@link #open} finds that implementation with {@link ServiceLoader}.
 */
public interface RunReplays extends AutoCloseable {

  /**
   * Replays of the runs of {@code workflows} (by name and version), decoding stored values with
   * {@code mapper}; payloads stored through a codec do not decode.
   *
   * @throws IllegalStateException if no implementation is on the class path
   */
  static RunReplays open(List<DurableWorkflow<?>> workflows, ObjectMapper mapper) {
    return open(workflows, mapper, null);
  }

  /**
   * Replays of the runs of {@code workflows} (by name and version), decoding stored values with
   * {@code codec} (null: none) and {@code mapper}.
   *
   * @throws IllegalStateException if no implementation is on the class path
   */
  static RunReplays open(
      List<DurableWorkflow<?>> workflows, ObjectMapper mapper, PayloadTransform codec) {
    return ServiceLoader.load(Factory.class, Factory.class.getClassLoader()).findFirst()
        .orElseThrow(() -> new IllegalStateException("no " + Factory.class.getName() + " found:"
            + " durable-runtime's META-INF/services entries are missing from the class path; when"
            + " shading or merging jars, keep (merge) their META-INF/services files"))
        .open(workflows, mapper, codec);
  }

  /** The workflows registered, as "workflow 'name' version 'v'". */
  List<String> registered();

  /** Whether the workflow of {@code run}, at its version, is registered. */
  boolean isRegistered(RunExport.Run run);

  /**
   * Replays {@code run} against its workflow's current code.
   *
   * @return the differences, each a sentence naming the run, and the position where there is one;
   *     empty if the current code replays the run
   * @throws IllegalArgumentException if its workflow is not registered, or its checkpoints are not
   *     in order
   */
  List<String> replay(RunExport.Run run);

  @Override
  void close();

  /** Makes {@link RunReplays}; the engine's implementation is registered as a service. */
  interface Factory {
    RunReplays open(
        List<DurableWorkflow<?>> workflows, ObjectMapper mapper, PayloadTransform codec);
  }
}
