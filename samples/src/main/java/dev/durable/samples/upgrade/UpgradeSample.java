package dev.durable.samples.upgrade;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.samples.Timeline;
import dev.durable.samples.Waits;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Deploys version 2 of the fulfilment workflow while runs of version 1 are in flight, and prints
 * what happens: release 1's engine, with {@link FulfilmentV1} only, starts two orders, which sleep
 * in their cancellation window; it closes (the deploy); release 2's engine registers {@link
 * FulfilmentV2} beside version 1 and starts a third order, which goes on version 2; the two old
 * runs wake and end on version 1, the new one on version 2.
 *
 * <p>Run it from the repository root: {@code mvn -q package -DskipTests -Psample -Dsample=upgrade}.
 */
public final class UpgradeSample {
  private static final Duration AWAIT = Duration.ofSeconds(30);

  private UpgradeSample() {}

  /** Builds release 1's engine, then release 2's, from {@code builder}, and runs three orders. */
  public static void run(DurableEngine.Builder builder, PrintStream out) {
    Payments payments = new Payments();
    Warehouse warehouse = new Warehouse();
    List<Order> orders = List.of(
        new Order(newOrderId(), "socks", 2),
        new Order(newOrderId(), "hat", 1),
        new Order(newOrderId(), "scarf", 3));
    List<Timeline> timelines = new ArrayList<>();

    out.printf("%nRelease 1 registers fulfilment version 1: charge the card, wait out the"
        + " cancellation window, ship.%n");
    try (DurableEngine engine =
        builder.register(new FulfilmentV1Durable(payments, warehouse)).build()) {
      engine.start();
      FulfilmentV1Client fulfilment = FulfilmentV1Client.of(engine);
      List<RunHandle<String>> runs = new ArrayList<>();
      for (Order order : orders.subList(0, 2)) {
        runs.add(fulfilment.start(runId(order), order));
      }
      for (int i = 0; i < runs.size(); i++) {
        RunHandle<String> run = runs.get(i);
        Waits.until(run, "go to sleep",
            status -> status.run().status() == RunState.SLEEPING, AWAIT);
        describe(orders.get(i), run, "", out);
        Timeline timeline = new Timeline(engine, run.id(), out);
        timeline.printNew();
        timelines.add(timeline);
      }
    }
    out.println("Release 1's engine closes while both runs sleep in the database: the deploy.");

    out.printf("%nRelease 2 registers version 2 beside version 1. Version 2 reserves the stock"
        + " before it charges%nand ships from the reservation: replayed with its code, a run of"
        + " version 1 would fail with%nnon_determinism, so version 1 stays registered until its"
        + " runs have ended.%n");
    // The same store; this builder still registers version 1 from release 1, and now version 2.
    try (DurableEngine engine =
        builder.register(new FulfilmentV2Durable(payments, warehouse)).build()) {
      engine.start();
      // The caller's code has not changed: version 1's client starts new runs on the highest
      // version registered, and finds runs of every version.
      FulfilmentV1Client fulfilment = FulfilmentV1Client.of(engine);
      Order late = orders.get(2);
      RunHandle<String> fresh = fulfilment.start(runId(late), late);
      describe(late, fresh, ", started by the same FulfilmentV1Client call", out);
      timelines.add(new Timeline(engine, fresh.id(), out));

      out.printf("%nEach run ends on the version it started with.%n");
      for (int i = 0; i < orders.size(); i++) {
        Order order = orders.get(i);
        RunHandle<String> run = fulfilment.get(runId(order));
        String result = run.await(AWAIT);
        out.printf("Order %s, version %s:%n", order.id(), run.status().run().workflowVersion());
        timelines.get(i).on(engine).printNew();
        out.printf("  await() returned \"%s\"%n", result);
      }
    }
    out.printf("%nIn all: %d charges, %d reservation, %d parcels: no step ran twice across the"
        + " deploy.%n", payments.charges(), warehouse.reservations(), warehouse.parcels());
  }

  private static void describe(Order order, RunHandle<String> run, String how, PrintStream out) {
    out.printf("Order %s, %d x %s%s: a run of version %s.%n", order.id(), order.quantity(),
        order.sku(), how, run.status().run().workflowVersion());
  }

  private static String runId(Order order) {
    return "fulfilment-" + order.id();
  }

  private static String newOrderId() {
    return UUID.randomUUID().toString().substring(0, 8).toUpperCase();
  }
}
