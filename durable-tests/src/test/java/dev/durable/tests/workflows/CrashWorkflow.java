package dev.durable.tests.workflows;

import dev.durable.annotations.Backoff;
import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Reserve, pay, ship, for crash tests in separate JVMs: every step execution appends a line to a
 * journal file that outlives the processes, so the test can count executions. The first payment
 * attempt fails (3 s fixed backoff); in "hang" mode it hangs instead, so that a JVM can be killed
 * in the middle of it.
 */
@Workflow(name = "crash")
public class CrashWorkflow {
  private final Path journal;
  private final boolean hangInPayment;

  public CrashWorkflow(Path journal, boolean hangInPayment) {
    this.journal = journal;
    this.hangInPayment = hangInPayment;
  }

  @Step
  protected String reserve(String item) {
    append("reserve");
    return "reserved " + item;
  }

  @Step(retries = 3, backoff = Backoff.FIXED, backoffMs = 3_000)
  protected String pay(String reservation) throws InterruptedException {
    append("pay");
    if (hangInPayment) {
      System.out.println("IN_PAYMENT");
      System.out.flush();
      Thread.sleep(Long.MAX_VALUE);
    }
    if (lines("pay") == 1) {
      throw new IllegalStateException("payment provider unavailable");
    }
    return reservation + ", paid";
  }

  @Step
  protected String ship(String payment) {
    append("ship");
    return payment + ", shipped";
  }

  @Run
  public String run(String item) throws InterruptedException {
    return ship(pay(reserve(item)));
  }

  private synchronized void append(String line) {
    try {
      Files.writeString(journal, line + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND,
          StandardOpenOption.SYNC);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private long lines(String line) {
    try {
      List<String> all = Files.readAllLines(journal);
      return all.stream().filter(line::equals).count();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
