package dev.durable.processor.model;

import com.palantir.javapoet.ClassName;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One {@code @Workflow} class, everything the generators need, read once by {@link ModelFactory}.
 *
 * @param workflowClass the user's class
 * @param workflowName the stored name: {@code @Workflow(name)}, or the class's simple name
 * @param version the stored version
 * @param deprecated whether the class is {@code @Deprecated}; then so is everything generated for
 *     it
 * @param constructors the class's non-private constructors, in declaration order
 * @param run its {@code @Run} method
 * @param steps its {@code @Step} methods, in declaration order
 * @param signals its {@code @Signal} methods, in declaration order
 * @param inheritedTypeNames the simple names of the member types the generated subclass inherits,
 *     sorted: inside the subclass they hide imported types of the same name
 * @param schedules its {@code @Schedule}s, in declaration order
 */
public record WorkflowModel(
    ClassName workflowClass,
    String workflowName,
    String version,
    boolean deprecated,
    List<ConstructorModel> constructors,
    RunModel run,
    List<StepModel> steps,
    List<SignalModel> signals,
    List<String> inheritedTypeNames,
    List<ScheduleModel> schedules,
    List<RouteModel> routes,
    Optional<CleanupModel> cleanup) {

  public WorkflowModel {
    Objects.requireNonNull(workflowClass, "workflowClass");
    Objects.requireNonNull(workflowName, "workflowName");
    Objects.requireNonNull(version, "version");
    constructors = List.copyOf(constructors);
    Objects.requireNonNull(run, "run");
    steps = List.copyOf(steps);
    signals = List.copyOf(signals);
    inheritedTypeNames = inheritedTypeNames.stream().distinct().sorted().toList();
    schedules = List.copyOf(schedules);
    routes = List.copyOf(routes);
    Objects.requireNonNull(cleanup, "cleanup");
  }

  /** The package of the workflow and of everything generated for it. */
  public String packageName() {
    return workflowClass.packageName();
  }

  /** The names of the classes generated for this workflow. */
  public GeneratedNames names() {
    return GeneratedNames.of(workflowClass);
  }

  /**
   * The {@code Codecs} constant of every type the workflow stores, in order of first appearance:
   * the run's stored parameters and result, then each step's stored parameters and result, then
   * each signal's value; the components of a type come before it.
   */
  public Map<StoredType, String> codecConstants() {
    List<StoredType> order = new ArrayList<>();
    run.storedParams().forEach(p -> order.add(p.type().stored()));
    order.add(run.result().stored());
    order.addAll(GeneratedNames.storedBy(steps));
    signals.forEach(signal -> order.add(signal.value().stored()));
    return GeneratedNames.codecConstants(order);
  }

  /** The constant of each signal in the {@code Durable} class: see {@link GeneratedNames}. */
  public List<String> signalConstants() {
    return GeneratedNames.signalConstants(steps, signals);
  }

  /** The generated {@code <Name>Durable} class. */
  public ClassName durableClass() {
    return names().durable();
  }

  /**
   * Whether the workflow can be discovered through {@code META-INF/services}: it has a non-private
   * constructor without parameters (explicit or implicit), so the generated class has a public one.
   */
  public boolean discoverable() {
    return constructors.stream().anyMatch(c -> c.params().isEmpty());
  }
}
