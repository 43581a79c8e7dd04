package dev.durable.tests.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.durable.runtime.DurableWorker;
import java.time.Duration;

/**
 * A worker in a child JVM serving {@code pricing.quote} by name: {@code WorkerChild <jdbcUrl>
 * <id> serve|hang}. With {@code hang} it announces each task it takes and never answers, as a
 * worker that dies mid-step would look once killed. Prints {@link #READY} once started.
 */
public final class WorkerChild {
  public static final String READY = "WORKER READY";
  public static final String SERVING = "SERVING ";

  private WorkerChild() {}

  public static void main(String[] args) throws Exception {
    String url = args[0];
    String id = args[1];
    boolean hang = args[2].equals("hang");
    ObjectMapper json = new ObjectMapper();
    try (DurableWorker worker = DurableWorker.builder().jdbcUrl(url).workerId(id)
        .pollInterval(Duration.ofMillis(50))
        .handle("pricing.quote", (task, input) -> {
          System.out.println(SERVING + task.taskId());
          System.out.flush();
          if (hang) {
            Thread.sleep(Long.MAX_VALUE);
          }
          JsonNode order = json.readTree(input).get(0);
          return "{\"sku\":\"" + order.get("sku").asText() + "\",\"cents\":"
              + order.get("quantity").asInt() * 250 + "}";
        })
        .build()) {
      worker.start();
      System.out.println(READY);
      System.out.flush();
      Thread.sleep(Long.MAX_VALUE);
    }
  }
}
