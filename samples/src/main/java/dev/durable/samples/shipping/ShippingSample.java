package dev.durable.samples.shipping;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.samples.Timeline;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * Runs {@link ShipmentWorkflow} on a started engine with a started worker serving {@link
 * RateSteps}, and prints what happens: the worker's rate table is reloading for its first call, so
 * the quote is retried; a parcel to a country without rates fails at once; a consignment's parcels
 * are quoted at once (a fan), and its pickup, booked on the liveness path, outlasts the step's
 * window on the strength of the worker's heartbeats. Engine and worker share
 * this process here; in production the worker runs wherever the rates team deploys it, against the
 * same database.
 *
 * <p>Run it from the repository root: {@code mvn -q package -DskipTests -Psample
 * -Dsample=shipping}.
 */
public final class ShippingSample {
  private static final Duration AWAIT = Duration.ofSeconds(30);

  private ShippingSample() {}

  /** Builds an engine from {@code builder} and a worker on {@code jdbcUrl}, ships two parcels. */
  public static void run(DurableEngine.Builder builder, String jdbcUrl, PrintStream out) {
    RateService rates = new RateService(1);
    CarrierService carrier = new CarrierService();
    try (DurableEngine engine = builder
            .register(new ShipmentWorkflowDurable(new RateStepsDispatch()))
            .register(new ConsignmentWorkflowDurable(new CarrierStepsDispatch()))
            .build();
        DurableWorker worker = DurableWorker.builder().jdbcUrl(jdbcUrl)
            .serve(RateStepsWorker.of(rates))
            .serve(CarrierStepsWorker.of(carrier))
            .build()) {
      engine.start();
      worker.start();
      ShipmentWorkflowClient shipments = ShipmentWorkflowClient.of(engine);

      Parcel parcel = new Parcel(id(), 2_400, "FR");
      out.printf("%nParcel %s: %d g to %s. The worker's rate table reloads during its first call.%n",
          parcel.id(), parcel.grams(), parcel.country());
      RunHandle<String> run = shipments.start(parcel);
      String label = run.await(AWAIT);
      new Timeline(engine, run.id(), out).printNew();
      out.printf("  await() returned \"%s\"%n", label);

      Parcel nowhere = new Parcel(id(), 500, "AQ");
      out.printf("%nParcel %s: %d g to %s, where the rates team does not ship.%n",
          nowhere.id(), nowhere.grams(), nowhere.country());
      RunHandle<String> failing = shipments.start(nowhere);
      try {
        failing.await(AWAIT);
      } catch (RunFailedException e) {
        new Timeline(engine, failing.id(), out).printNew();
        out.printf("  await() threw RunFailedException \"%s\"; the worker was called %d times in"
            + " all%n", e.getMessage(), rates.calls());
      }

      Consignment consignment = new Consignment(id(), List.of(
          new Parcel(id(), 1_000, "DE"), new Parcel(id(), 3_000, "US"),
          new Parcel(id(), 200, "FR")));
      out.printf("%nConsignment %s: 3 parcels quoted at once, then a pickup booked; the carrier"
          + " takes 1.5 s, past the step's 1 s window.%n", consignment.id());
      RunHandle<String> consigned = ConsignmentWorkflowClient.of(engine).start(consignment);
      String summary = consigned.await(AWAIT);
      new Timeline(engine, consigned.id(), out).printNew();
      out.printf("  await() returned \"%s\"; the worker called heartbeat() %d times while it waited%n",
          summary, carrier.heartbeats());
    }
  }

  private static String id() {
    return UUID.randomUUID().toString().substring(0, 8).toUpperCase(Locale.ROOT);
  }
}
