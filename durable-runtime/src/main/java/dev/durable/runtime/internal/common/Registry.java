package dev.durable.runtime.internal.common;

import dev.durable.runtime.WorkflowDefinition;
import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.spi.DurableWorkflow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The workflows an engine executes, by name and version. */
public final class Registry {
  private static final Logger LOG = LoggerFactory.getLogger(Registry.class);

  private final Map<WorkflowKey, DurableWorkflow<?>> workflows;

  private Registry(Map<WorkflowKey, DurableWorkflow<?>> workflows) {
    this.workflows = workflows;
  }

  /**
   * The registered workflows, plus, when {@code discover} is set, those found through their
   * generated {@code META-INF/services} entries; an explicit registration wins over a discovered
   * one of the same name and version.
   */
  public static Registry of(List<? extends WorkflowDefinition> registered, boolean discover) {
    Map<WorkflowKey, DurableWorkflow<?>> workflows = new LinkedHashMap<>();
    for (WorkflowDefinition definition : registered) {
      DurableWorkflow<?> workflow = generated(definition);
      WorkflowKey key = keyOf(workflow);
      DurableWorkflow<?> previous = workflows.putIfAbsent(key, workflow);
      if (previous != null && previous != workflow) {
        throw new IllegalArgumentException(
            key + " is registered twice, by " + previous.getClass().getName() + " and "
                + workflow.getClass().getName() + "; register one instance per name and version");
      }
    }
    if (discover) {
      for (DurableWorkflow<?> found : discovered()) {
        workflows.putIfAbsent(keyOf(found), found);
      }
    }
    return new Registry(workflows);
  }

  /**
   * {@code definition} as the engine runs it: the API takes a workflow as a {@link
   * WorkflowDefinition}, which its generated class implements through {@link DurableWorkflow}.
   */
  private static DurableWorkflow<?> generated(WorkflowDefinition definition) {
    if (definition instanceof DurableWorkflow<?> workflow) {
      return workflow;
    }
    throw new IllegalArgumentException(definition.getClass().getName() + " is not a workflow's"
        + " generated class: register an instance of the <Name>Durable class that the annotation"
        + " processor generates for a @Workflow class (it implements " + DurableWorkflow.class
            .getName() + ")");
  }

  private static List<DurableWorkflow<?>> discovered() {
    List<DurableWorkflow<?>> found = new ArrayList<>();
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    @SuppressWarnings("rawtypes")
    Iterator<DurableWorkflow> providers =
        ServiceLoader.load(DurableWorkflow.class, loader).iterator();
    while (true) {
      try {
        if (!providers.hasNext()) {
          break;
        }
        found.add(providers.next());
      } catch (ServiceConfigurationError e) {
        LOG.warn(
            "a discovered workflow could not be created and is skipped: {}; register it"
                + " explicitly with DurableEngine.builder().register(...)",
            e.getMessage());
      }
    }
    found.sort(Comparator.comparing(w -> w.getClass().getName()));
    return found;
  }

  private static WorkflowKey keyOf(DurableWorkflow<?> workflow) {
    return new WorkflowKey(workflow.workflowType().name(), workflow.workflowType().version());
  }

  public Optional<DurableWorkflow<?>> find(WorkflowKey key) {
    return Optional.ofNullable(workflows.get(key));
  }

  /** The highest version registered of the workflow named {@code name} ({@link Versions}). */
  public Optional<DurableWorkflow<?>> latest(String name) {
    return workflows.values().stream()
        .filter(workflow -> workflow.workflowType().name().equals(name))
        .max(Comparator.comparing(workflow -> workflow.workflowType().version(), Versions.ORDER));
  }

  /** The workflows, in registration order, then discovered ones. */
  public List<DurableWorkflow<?>> workflows() {
    return List.copyOf(workflows.values());
  }

  public List<WorkflowKey> keys() {
    return List.copyOf(workflows.keySet());
  }
}
