package dev.durable.processor.messages;

import java.util.ArrayList;
import java.util.List;

/**
 * Every diagnostic the processor can report, area by area, in the order of the error catalogue,
 * {@code docs/reference/errors.md}, which {@code ErrorCatalogueTest} generates from here.
 */
public final class Catalogue {
  private Catalogue() {}

  /** Every entry: the areas in the catalogue's order, each area's entries in declaration order. */
  public static List<MessageKind> entries() {
    List<MessageKind> entries = new ArrayList<>();
    for (MessageKind[] area : List.<MessageKind[]>of(
        WorkflowMessages.values(),
        RunMessages.values(),
        StepMessages.values(),
        TypeMessages.values(),
        ContractMessages.values(),
        RouteMessages.values(),
        ScheduleMessages.values(),
        LintMessages.values(),
        SignalMessages.values(),
        LockMessages.values(),
        ProcessorMessages.values())) {
      entries.addAll(List.of(area));
    }
    return List.copyOf(entries);
  }
}
