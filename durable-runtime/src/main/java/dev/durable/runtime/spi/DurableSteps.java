package dev.durable.runtime.spi;

import dev.durable.runtime.DurableView;

/**
 * Marks a generated view of a step contract that holds only its durable-path steps (those without
 * {@code timeoutMs}), the only dispatched steps a fan or parallel group accepts: {@code
 * <Name>Dispatch.durable()}. A step with a liveness window is not on the view, so a fan of one does
 * not compile. {@code Parallel} takes it as the API's {@link DurableView}.
 */
public interface DurableSteps extends DurableView {}
