package dev.durable.processor.model;

import com.palantir.javapoet.ClassName;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One step contract: an interface whose {@code @Step} methods workers serve.
 *
 * @param contractClass the user's interface
 * @param deprecated whether it is {@code @Deprecated}; then so is everything generated for it
 * @param steps its {@code @Step} methods, in declaration order
 */
public record ContractModel(ClassName contractClass, boolean deprecated, List<StepModel> steps) {

  public ContractModel {
    Objects.requireNonNull(contractClass, "contractClass");
    steps = List.copyOf(steps);
  }

  /** The package of the contract and of everything generated for it. */
  public String packageName() {
    return contractClass.packageName();
  }

  /** {@code <Binary>Codecs}, the Jackson type constants of the contract's steps. */
  public ClassName codecsClass() {
    return GeneratedNames.of(contractClass).codecs();
  }

  /** The {@code Codecs} constant of every type the contract's steps store, in step order. */
  public Map<StoredType, String> codecConstants() {
    return GeneratedNames.codecConstants(GeneratedNames.storedBy(steps));
  }

  /** {@code <Binary>Worker}, the typed binding that workers serve the steps with. */
  public ClassName workerClass() {
    return ClassName.get(
        contractClass.packageName(), String.join("_", contractClass.simpleNames()) + "Worker");
  }

  /** {@code <Binary>Dispatch}, the stub that dispatches the steps to workers. */
  public ClassName dispatchClass() {
    return ClassName.get(
        contractClass.packageName(), String.join("_", contractClass.simpleNames()) + "Dispatch");
  }
}
