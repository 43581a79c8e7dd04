package dev.durable.spring.boot;

import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.spi.StepBinding;
import dev.durable.spring.boot.GeneratedIndex.StepContract;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.util.ClassUtils;

/**
 * The worker that serves the application's step-contract beans: for each step contract in {@link
 * GeneratedIndex}, the one bean that implements it (the generated {@code Dispatch} aside) is served
 * through the contract's generated {@code <Name>Worker}. Without such a bean there is no worker
 * ({@link #worker()} is empty). Started and stopped with the application context.
 */
public final class DurableStepWorker implements SmartLifecycle {
  private final DurableWorker worker;
  private final boolean autoStart;
  private volatile boolean running;

  private DurableStepWorker(DurableWorker worker, boolean autoStart) {
    this.worker = worker;
    this.autoStart = autoStart;
  }

  /**
   * The worker of {@code beans}' step-contract implementations; {@code configure} sets its data
   * source and properties.
   */
  static DurableStepWorker of(ListableBeanFactory beans, ClassLoader classLoader,
      Consumer<DurableWorker.Builder> configure, boolean autoStart) {
    List<StepBinding> bindings = new ArrayList<>();
    for (StepContract contract : new GeneratedIndex(classLoader).stepContracts()) {
      implementation(beans, contract, classLoader)
          .ifPresent(bean -> bindings.add(bind(contract, bean, classLoader)));
    }
    if (bindings.isEmpty()) {
      return new DurableStepWorker(null, autoStart);
    }
    DurableWorker.Builder builder = DurableWorker.builder();
    configure.accept(builder);
    bindings.forEach(builder::serve);
    return new DurableStepWorker(builder.build(), autoStart);
  }

  /** The worker, if any bean implements a step contract. */
  public Optional<DurableWorker> worker() {
    return Optional.ofNullable(worker);
  }

  private static Optional<Object> implementation(
      ListableBeanFactory beans, StepContract contract, ClassLoader classLoader) {
    Class<?> type = load(contract.contract(), classLoader);
    Class<?> dispatch = load(contract.dispatch(), classLoader);
    List<String> names = new ArrayList<>();
    Object found = null;
    for (Map.Entry<String, ?> bean : beans.getBeansOfType(type).entrySet()) {
      if (!dispatch.isInstance(bean.getValue())) {
        names.add(bean.getKey());
        found = bean.getValue();
      }
    }
    if (names.size() > 1) {
      throw new IllegalStateException("beans " + names + " all implement the step contract "
          + type.getName() + ", and a worker serves each step with one implementation; keep one"
          + " of them, or set durable.worker.enabled=false and build the workers yourself");
    }
    return Optional.ofNullable(found);
  }

  /** {@code <Name>Worker.of(implementation)}, the binding the processor generated. */
  private static StepBinding bind(StepContract contract, Object implementation,
      ClassLoader classLoader) {
    Class<?> type = load(contract.contract(), classLoader);
    Class<?> workerClass = load(contract.worker(), classLoader);
    try {
      MethodHandle of = MethodHandles.publicLookup()
          .findStatic(workerClass, "of", MethodType.methodType(StepBinding.class, type));
      return (StepBinding) of.invoke(implementation);
    } catch (Throwable e) {
      throw new IllegalStateException("could not bind " + implementation.getClass().getName()
          + " through " + workerClass.getName() + ".of(" + type.getSimpleName() + "): " + e
          + "; rebuild the project with the same Durable version as the starter", e);
    }
  }

  private static Class<?> load(String className, ClassLoader classLoader) {
    try {
      return ClassUtils.forName(className, classLoader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new IllegalStateException("Durable's index under META-INF/durable lists " + className
          + ", which cannot be loaded (" + e + "); rebuild the project so that the index and the"
          + " classes agree", e);
    }
  }

  @Override
  public boolean isAutoStartup() {
    return autoStart;
  }

  @Override
  public void start() {
    if (worker != null) {
      worker.start();
    }
    running = true;
  }

  @Override
  public void stop() {
    running = false;
    if (worker != null) {
      worker.close();
    }
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  @Override
  public int getPhase() {
    return DurableAutoConfiguration.ENGINE_PHASE;
  }
}
