package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Draws the time, a UUID and a random number through its context and hands them to a step, for
 * crash tests in separate JVMs: every execution of the step appends what it was given to a journal
 * file; with {@code hang} it then prints {@code IN_STAMP} and hangs, so that a JVM can be killed
 * in the middle of it.
 */
@Workflow(name = "stamp")
public class StampWorkflow {
  private final Path journal;
  private final boolean hang;

  public StampWorkflow(Path journal, boolean hang) {
    this.journal = journal;
    this.hang = hang;
  }

  @Step
  protected String stamp(String drawn) throws InterruptedException {
    try {
      Files.writeString(journal, drawn + "\n", StandardOpenOption.CREATE,
          StandardOpenOption.APPEND, StandardOpenOption.SYNC);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (hang) {
      System.out.println("IN_STAMP");
      System.out.flush();
      Thread.sleep(Long.MAX_VALUE);
    }
    return drawn;
  }

  @Run
  public String run(WorkflowContext ctx, String item) throws InterruptedException {
    String drawn = item + " " + ctx.now() + " " + ctx.randomUUID() + " " + ctx.random().nextLong();
    return stamp(drawn) + " | " + drawn;
  }
}
