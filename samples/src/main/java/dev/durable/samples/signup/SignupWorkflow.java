package dev.durable.samples.signup;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.FatalError;
import dev.durable.runtime.StepContext;
import java.util.concurrent.CompletableFuture;

/**
 * Sign-up: screen the address for fraud, open the account, send the welcome mail.
 *
 * <p>Shows what goes wrong in production and how to operate it: a call that hangs is cut off by a
 * per-attempt {@code timeoutMs} and aborted through {@link StepContext#onCancel} ({@link
 * #checkFraud}); an exception listed in {@code nonRetryable} fails its step at once ({@link
 * #sendWelcomeEmail}), and once someone fixes the cause {@code engine.requeue(runId)} finishes the
 * run without repeating its completed steps. {@link SignupSample} also starts the same run twice
 * with one idempotency key.
 *
 * <p>Run it from the repository root: {@code mvn -q package -DskipTests -Psample -Dsample=signup}.
 */
@Workflow(name = "signup")
public class SignupWorkflow {
  private final FraudCheck fraud;
  private final AccountService accounts;
  private final Mailer mailer;

  public SignupWorkflow(FraudCheck fraud, AccountService accounts, Mailer mailer) {
    this.fraud = fraud;
    this.accounts = accounts;
    this.mailer = mailer;
  }

  /**
   * Asks the fraud-screening API for a verdict. An attempt that takes over a second is cancelled
   * and retried after 200 ms, then 400 ms; 3 attempts in all.
   */
  @Step(retries = 3, backoffMs = 200, timeoutMs = 1_000)
  protected Verdict checkFraud(StepContext step, Signup signup) {
    CompletableFuture<Verdict> request = fraud.screen(signup.email());
    // At the deadline the engine records the attempt as timed out, interrupts this thread and
    // cancels the StepContext. join() ignores interrupts, so abort the request on cancellation:
    // that ends this attempt for good and frees the connection.
    step.onCancel(() -> request.cancel(true));
    return request.join();
  }

  /** Opens the account; the account service's idempotency makes a retry harmless. */
  @Step(retries = 3)
  protected String openAccount(Signup signup) {
    return accounts.open(signup);
  }

  /**
   * Sends the welcome mail. Ordinary failures are retried, but a used-up quota is not: retrying it
   * within seconds only burns the retry budget. The run fails, someone raises the quota, and
   * {@code engine.requeue(runId)} sends the mail.
   */
  @Step(retries = 3, backoffMs = 500, nonRetryable = Mailer.QuotaExceededException.class)
  protected void sendWelcomeEmail(String accountId, Signup signup) {
    mailer.send(signup.email(), "Welcome, " + signup.name() + "! Your account is " + accountId);
  }

  @Run
  public String run(Signup signup) {
    Verdict verdict = checkFraud(null, signup); // the engine supplies the StepContext
    if (!verdict.approved()) {
      // Thrown from the workflow itself, a FatalError fails the run with its code.
      throw new FatalError("sign-up refused: " + verdict.reason(), "refused");
    }
    String accountId = openAccount(signup);
    sendWelcomeEmail(accountId, signup);
    return accountId;
  }
}
