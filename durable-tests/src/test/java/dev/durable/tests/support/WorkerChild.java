package dev.durable.tests.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.StepHandler;
import java.time.Duration;

/**
 * A worker in a child JVM serving {@code pricing.quote} and {@code pricing.live} by name: {@code
 * WorkerChild <jdbcUrl> <id> serve|hang|beat [pollMs]}, polling every 50 ms unless told otherwise.
 * It announces each task it takes. With {@code hang}
 * it never answers, as a worker that dies mid-step would look once killed; with {@code beat} it
 * works for 3 s, heartbeating every 200 ms, then answers. Prints {@link #READY} once started.
 */
public final class WorkerChild {
  public static final String READY = "WORKER READY";
  public static final String SERVING = "SERVING ";

  private WorkerChild() {}

  public static void main(String[] args) throws Exception {
    String url = args[0];
    String id = args[1];
    String mode = args[2];
    long pollMs = args.length > 3 ? Long.parseLong(args[3]) : 50;
    ObjectMapper json = new ObjectMapper();
    StepHandler handler = (task, input) -> {
      System.out.println(SERVING + task.taskId());
      System.out.flush();
      if (mode.equals("hang")) {
        Thread.sleep(Long.MAX_VALUE);
      }
      if (mode.equals("beat")) {
        for (int beat = 1; beat <= 15; beat++) {
          Thread.sleep(200);
          task.heartbeat(beat);
        }
      }
      JsonNode order = json.readTree(input).get(0);
      return "{\"sku\":\"" + order.get("sku").asText() + "\",\"cents\":"
          + order.get("quantity").asInt() * 250 + "}";
    };
    try (DurableWorker worker = DurableWorker.builder().jdbcUrl(url).workerId(id)
        .pollInterval(Duration.ofMillis(pollMs))
        .concurrency(mode.equals("hang") ? 1 : 4) // hanging on one task, it takes no other
        .handle("pricing.quote", handler)
        .handle("pricing.live", handler)
        .build()) {
      worker.start();
      System.out.println(READY);
      System.out.flush();
      Thread.sleep(Long.MAX_VALUE);
    }
  }
}
