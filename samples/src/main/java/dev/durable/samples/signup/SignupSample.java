package dev.durable.samples.signup;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.samples.Timeline;
import java.io.PrintStream;
import java.time.Duration;
import java.util.UUID;

/**
 * Runs {@link SignupWorkflow} on a started engine and prints what happens: the sign-up form is
 * submitted twice, the fraud API hangs once, the mail quota is used up so the run fails, and an
 * operator raises the quota and requeues the run.
 *
 * <p>Run it from the repository root: {@code mvn -q package -DskipTests -Psample -Dsample=signup}.
 */
public final class SignupSample {
  private static final Duration AWAIT = Duration.ofSeconds(30);

  private SignupSample() {}

  /** Builds an engine from {@code builder}, runs one sign-up through a failure and a requeue. */
  public static void run(DurableEngine.Builder builder, PrintStream out) {
    FraudCheck fraud = new FraudCheck(1); // its first request hangs
    AccountService accounts = new AccountService();
    Mailer mailer = new Mailer(0); // today's quota is used up
    try (DurableEngine engine =
        builder.register(new SignupWorkflowDurable(fraud, accounts, mailer)).build()) {
      engine.start();
      SignupWorkflowClient signups = SignupWorkflowClient.of(engine);

      Signup signup = new Signup("ada@example.com", "Ada");
      // The form carries a key made when it was shown, so a double click or a retried request
      // submits the same key: the second start returns the run the first one started.
      String formKey = "signup-" + UUID.randomUUID().toString().substring(0, 8);
      out.printf("%nSign-up of %s, form key %s, submitted twice (a double click).%n"
              + "The fraud API hangs on its first request; the mail quota is used up.%n",
          signup.email(), formKey);
      RunHandle<String> run = signups.start(formKey, signup);
      signups.start(formKey, signup);
      Timeline timeline = new Timeline(engine, run.id(), out);
      try {
        run.await(AWAIT);
      } catch (RunFailedException e) {
        timeline.printNew();
        out.printf("  await() threw RunFailedException \"%s\" with code() \"%s\"%n",
            e.getMessage(), e.code());
      }

      out.printf("%nAn operator raises the quota and calls engine.requeue(\"%s\").%n", run.id());
      mailer.raiseQuota(100);
      engine.requeue(run.id());
      String accountId = run.await(AWAIT);
      timeline.printNew();
      out.printf("  await() returned \"%s\". In all: %d fraud requests (%d aborted),"
              + " %d account opened, %d mail sent.%n",
          accountId, fraud.calls(), fraud.abortedCalls(), accounts.opened(), mailer.sent());
    }
  }
}
