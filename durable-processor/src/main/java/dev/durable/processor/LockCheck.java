package dev.durable.processor;

import dev.durable.processor.lock.GraphLock;
import dev.durable.processor.lock.StepGraph;
import dev.durable.processor.messages.LockMessages;
import dev.durable.processor.model.WorkflowModel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.annotation.processing.Messager;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * The lock file, when {@code -Adurable.lockfile=<path>} names one ({@link GraphLock}): each
 * workflow's step graph is checked against it, an incompatible change to a locked version being an
 * error on the workflow; the file is written once, when processing is over, if it changed and no
 * error was raised.
 */
final class LockCheck {
  private final Messager messager;
  /** The lock file; null without the option, or if it could not be read. */
  private final GraphLock lock;
  /** Whether a workflow changed a locked graph: then the lock file is not written. */
  private boolean refused;

  private LockCheck(Messager messager, GraphLock lock) {
    this.messager = messager;
    this.lock = lock;
  }

  /** Opens the lock file named {@code lockFile} (none if null or blank); a failure is an error. */
  static LockCheck open(Messager messager, String lockFile) {
    if (lockFile == null || lockFile.isBlank()) {
      return new LockCheck(messager, null);
    }
    try {
      return new LockCheck(messager, GraphLock.open(Path.of(lockFile)));
    } catch (IOException | IllegalArgumentException e) {
      messager.printMessage(
          Diagnostic.Kind.ERROR, LockMessages.lockRead(lockFile, e.getMessage()).text());
      return new LockCheck(messager, null);
    }
  }

  /** Checks the step graph of {@code workflow}, whose model is {@code model}, against the file. */
  void check(TypeElement workflow, WorkflowModel model, StepGraph graph) {
    if (lock == null) {
      return;
    }
    List<String> changes = lock.check(graph);
    if (!changes.isEmpty()) {
      refused = true;
      messager.printMessage(
          Diagnostic.Kind.ERROR,
          LockMessages.lockChanged(model.workflowName(), model.version(), lock.path(),
              String.join("; ", changes)).text(),
          workflow);
    }
  }

  /**
   * Writes the lock file, if there is one and it changed, unless the compilation failed: a failed
   * build locks nothing, not even the compatible additions of its other workflows.
   */
  void write(RoundEnvironment round) {
    if (lock == null || refused || round.errorRaised()) {
      return;
    }
    try {
      lock.write();
    } catch (IOException e) {
      messager.printMessage(
          Diagnostic.Kind.ERROR, LockMessages.lockWrite(lock.path(), e).text());
    }
  }
}
