package dev.durable.samples.checkout;

import dev.durable.annotations.Backoff;
import dev.durable.annotations.OnError;
import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.FatalError;
import dev.durable.runtime.RunError;
import dev.durable.runtime.WorkflowContext;
import java.time.Duration;

/**
 * Checkout: price the order with a flaky pricing service, charge the card, wait out the
 * cancellation window, ship the parcel, and return what happened.
 *
 * <p>Shows retries with exponential backoff and jitter ({@link #fetchQuote}), a per-attempt timeout
 * and a {@link FatalError} that is never retried ({@link #charge}), a durable timer ({@link
 * WorkflowContext#sleep}), input validation ({@link Order}), an error route that turns a declined
 * card into a result ({@link #declined}), and a compensation that refunds the charge when shipping
 * fails for good ({@link #refund}). {@link CheckoutSample} starts runs of it and prints what
 * happens.
 *
 * <p>Run it from the repository root: {@code mvn -q package -DskipTests -Psample -Dsample=checkout}.
 */
@Workflow(name = "checkout")
public class CheckoutWorkflow {
  /**
   * How long the customer may still cancel. Two seconds here so that the demo ends quickly; in
   * production this is minutes or days, and costs nothing while it lasts: the run waits in the
   * database, holding no thread, and survives restarts and deploys.
   */
  public static final Duration CANCELLATION_WINDOW = Duration.ofSeconds(2);

  // No per-run state in fields: one instance serves every run.
  private final PricingClient pricing;
  private final PaymentGateway payments;
  private final Carrier carrier;

  public CheckoutWorkflow(PricingClient pricing, PaymentGateway payments, Carrier carrier) {
    this.pricing = pricing;
    this.payments = payments;
    this.carrier = carrier;
  }

  /**
   * Asks the pricing service for a quote. Up to 5 attempts; before attempt n+1 the run waits
   * 200·2^(n-1) ms, capped at 10 s, jittered to 50–100 % of that so that many runs failing
   * together do not retry together.
   */
  @Step(retries = 5, backoff = Backoff.EXP, backoffMs = 200, backoffMaxMs = 10_000, jitter = true)
  protected Quote fetchQuote(Order order) {
    return pricing.quote(order);
  }

  /**
   * Charges the card. Each attempt gets 5 s; a timed-out or failed attempt is retried (up to 3 in
   * all), but a declined card is final: the {@link FatalError} fails the step at once, and its code
   * {@code "declined"} is the run's failure, which {@link #declined} takes. Once the charge has
   * succeeded, a run that fails later undoes it with {@link #refund}.
   */
  @Step(retries = 3, timeoutMs = 5_000, compensate = "refund")
  protected Charge charge(Order order, Quote quote) {
    try {
      // A step runs at least once, not exactly once: an attempt that timed out may still have
      // charged. The order id as idempotency key makes the retry return that charge.
      return payments.charge(order.id(), order.card(), quote.totalCents());
    } catch (PaymentGateway.CardDeclinedException e) {
      throw new FatalError("card declined", "declined");
    }
  }

  /**
   * Undoes {@link #charge}: the engine calls it, with the charge's arguments and its stored result,
   * when the run fails for good after the charge (and no route takes the failure). A compensation
   * must not give up early, so it gets more attempts, with a capped backoff; the gateway refunds a
   * charge once, however often it is asked.
   */
  @Step(retries = 10, backoffMs = 1_000, backoffMaxMs = 60_000)
  protected void refund(Order order, Quote quote, Charge charge) {
    payments.refund(charge.id());
  }

  /**
   * Books the parcel; returns its tracking number. A carrier's hiccup is retried, but a country no
   * carrier serves is final: the {@link FatalError}'s code {@code "no_carrier"} fails the run, and
   * the charge is refunded.
   */
  @Step(retries = 3)
  protected String ship(Order order) {
    try {
      return carrier.ship(order.id(), order.country());
    } catch (Carrier.NoCarrierException e) {
      throw new FatalError(e.getMessage(), "no_carrier");
    }
  }

  /**
   * The workflow: plain Java that the engine executes again from the top whenever the run resumes
   * (after the sleep, a retry's backoff, or a restart). Completed steps are not run again: they
   * return their stored result. So keep everything that has an effect or reads the outside world
   * (time, randomness, I/O) in steps.
   */
  @Run
  public String run(WorkflowContext ctx, Order order) {
    Quote quote = fetchQuote(order);
    Charge charge = charge(order, quote);
    ctx.sleep(CANCELLATION_WINDOW);
    String tracking = ship(order);
    return "charged " + charge.id() + ", shipped as " + tracking;
  }

  /**
   * A declined card is an expected outcome, not an outage: this route's result completes the run
   * instead of the failure. It returns what {@link #run} returns, a {@code String}, so callers read
   * both outcomes from {@code await()}. Nothing was charged, so there is nothing to refund.
   */
  @OnError(code = "declined")
  protected String declined(Order order, RunError error) {
    return "declined: " + error.message() + ", nothing charged";
  }
}
