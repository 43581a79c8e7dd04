package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import dev.durable.tests.support.Script;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Passes values of many types through its input, a step and its result, and sleeps in between so
 * that the step's result is read back from its checkpoint.
 */
@Workflow(name = "types")
public class TypesWorkflow {
  private final Script script;

  public TypesWorkflow(Script script) {
    this.script = script;
  }

  @Step
  protected Map<String, List<Shipment>> group(List<Shipment> shipments, int copies, char tag) {
    script.enter("group");
    return Map.of(tag + "x" + copies, shipments);
  }

  @Step
  protected Optional<Shipment.Carrier> carrier(Optional<Shipment> first) {
    script.enter("carrier");
    return first.map(Shipment::carrier);
  }

  @Step
  protected byte[] checksum(String text) {
    script.enter("checksum");
    return text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  @Run
  public TypesResult run(WorkflowContext context, List<Shipment> shipments, int copies) {
    Map<String, List<Shipment>> grouped = group(shipments, copies, 'k');
    Optional<Shipment.Carrier> carrier = carrier(shipments.stream().findFirst());
    byte[] checksum = checksum("abc");
    context.sleep(Duration.ofSeconds(30));
    return new TypesResult(grouped, carrier, checksum.length, copies);
  }

  /** What the types workflow returns. */
  public record TypesResult(
      Map<String, List<Shipment>> grouped,
      Optional<Shipment.Carrier> carrier,
      int checksumLength,
      int copies) {}
}
