package dev.durable.runtime.internal.common;

import dev.durable.runtime.DurableHooks;
import dev.durable.runtime.RunError;
import dev.durable.runtime.RunEvent;
import dev.durable.runtime.StepEvent;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Calls the configured {@link DurableHooks}, logging and otherwise ignoring their exceptions. */
public final class Hooks implements DurableHooks {
  private static final Logger LOG = LoggerFactory.getLogger(Hooks.class);

  private final List<DurableHooks> hooks;

  public Hooks(List<DurableHooks> hooks) {
    this.hooks = List.copyOf(hooks);
  }

  private void each(String name, Consumer<DurableHooks> call) {
    for (DurableHooks hook : hooks) {
      try {
        call.accept(hook);
      } catch (RuntimeException e) {
        LOG.warn("hook {} of {} threw; ignored", name, hook.getClass().getName(), e);
      }
    }
  }

  @Override
  public void onRunStart(RunEvent run) {
    each("onRunStart", h -> h.onRunStart(run));
  }

  @Override
  public void onStepStart(StepEvent step) {
    each("onStepStart", h -> h.onStepStart(step));
  }

  @Override
  public void onStepRetry(StepEvent step, RunError error, Duration delay) {
    each("onStepRetry", h -> h.onStepRetry(step, error, delay));
  }

  @Override
  public void onStepComplete(StepEvent step) {
    each("onStepComplete", h -> h.onStepComplete(step));
  }

  @Override
  public void onRunComplete(RunEvent run) {
    each("onRunComplete", h -> h.onRunComplete(run));
  }

  @Override
  public void onFailure(RunEvent run, RunError error) {
    each("onFailure", h -> h.onFailure(run, error));
  }
}
