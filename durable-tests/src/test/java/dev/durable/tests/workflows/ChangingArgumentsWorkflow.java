package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Stands for a workflow whose code changes what it passes to a step while runs are in flight: the
 * test sets a suffix added to the name, or the order in which the tags are put into their map,
 * between turns.
 */
@Workflow(name = "changing-arguments")
public class ChangingArgumentsWorkflow {
  private final AtomicReference<String> suffix;
  private final AtomicBoolean tagsReversed;

  public ChangingArgumentsWorkflow(AtomicReference<String> suffix, AtomicBoolean tagsReversed) {
    this.suffix = suffix;
    this.tagsReversed = tagsReversed;
  }

  @Step
  protected String greet(String name, Map<String, Integer> tags) {
    return "hello " + name + " " + new TreeMap<>(tags);
  }

  @Run
  public String run(WorkflowContext context, String name) {
    Map<String, Integer> tags = new LinkedHashMap<>();
    if (tagsReversed.get()) {
      tags.put("b", 2);
      tags.put("a", 1);
    } else {
      tags.put("a", 1);
      tags.put("b", 2);
    }
    String greeting = greet(name + suffix.get(), tags);
    context.sleep(Duration.ofMinutes(1));
    return greeting;
  }
}
