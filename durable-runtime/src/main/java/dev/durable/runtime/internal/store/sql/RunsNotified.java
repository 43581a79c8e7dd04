package dev.durable.runtime.internal.store.sql;

import java.util.List;

/**
 * What a batch of the database's notifications on the runs' channel named ({@link
 * RunStore#listenForEngine}), the echoes of this process's own wake-ups left out.
 *
 * @param runIds the runs named: started, woken, or cancelled (an engine executing one checks
 *     whether it was); empty where the notifications only said that runs came due
 * @param queues the flow-control queues in which runs were queued
 */
public record RunsNotified(List<String> runIds, List<String> queues) {
  public RunsNotified {
    runIds = List.copyOf(runIds);
    queues = List.copyOf(queues);
  }
}
