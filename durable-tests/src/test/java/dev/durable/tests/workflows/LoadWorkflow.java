package dev.durable.tests.workflows;

import dev.durable.annotations.Backoff;
import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.StepContext;
import dev.durable.tests.support.ExecutionJournal;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Reserve, charge, ship, for the multi-process load and crash tests: every step records its
 * execution in the {@link ExecutionJournal} side table first, then works for a random few
 * milliseconds, so that a killed engine dies in the middle of steps, between them and during
 * backoffs. The charge of a job marked {@code failOnce} fails its first attempt and is retried after
 * a short durable backoff, so those runs also sleep in storage.
 */
@Workflow(name = "load")
public class LoadWorkflow {
  /** The charge step's backoff after its failed first attempt. */
  public static final int CHARGE_BACKOFF_MS = 100;

  private final ExecutionJournal journal;
  private final int minStepMs;
  private final int maxStepMs;

  public LoadWorkflow(ExecutionJournal journal, int minStepMs, int maxStepMs) {
    this.journal = journal;
    this.minStepMs = minStepMs;
    this.maxStepMs = maxStepMs;
  }

  /** What a run of {@code job} returns. */
  public static String expectedResult(LoadJob job) {
    return "reserved " + job.n() + ", charged, shipped";
  }

  @Step
  protected String reserve(StepContext step, LoadJob job) throws InterruptedException {
    work(step);
    return "reserved " + job.n();
  }

  @Step(retries = 3, backoff = Backoff.FIXED, backoffMs = CHARGE_BACKOFF_MS)
  protected String charge(StepContext step, LoadJob job, String reservation)
      throws InterruptedException {
    work(step);
    if (job.failOnce() && step.attempt() == 1) {
      throw new IllegalStateException("card network busy");
    }
    return reservation + ", charged";
  }

  @Step
  protected String ship(StepContext step, String charge) throws InterruptedException {
    work(step);
    return charge + ", shipped";
  }

  @Run
  public String run(LoadJob job) throws InterruptedException {
    return ship(null, charge(null, job, reserve(null, job)));
  }

  private void work(StepContext step) throws InterruptedException {
    journal.record(step.runId(), step.stepName(), step.attempt());
    Thread.sleep(ThreadLocalRandom.current().nextInt(minStepMs, maxStepMs + 1));
  }
}
