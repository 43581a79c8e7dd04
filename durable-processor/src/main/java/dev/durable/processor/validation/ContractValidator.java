package dev.durable.processor.validation;

import dev.durable.processor.messages.ContractMessages;
import dev.durable.processor.reading.RawContract;
import dev.durable.processor.reading.RawMethod;
import dev.durable.processor.reading.StepAnnotation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;

/**
 * Checks step contracts: interfaces whose {@code @Step} methods run on workers, possibly in other
 * processes. Every abstract method of a contract is a step; its attributes and types obey the rules
 * of local steps (see {@link StepValidator#validateRemote}); and since workers serve steps by
 * name, no two contract steps of one compilation share a name.
 */
public final class ContractValidator {
  private final StepValidator steps;
  /** The contract steps seen so far, by name, across contracts and rounds. */
  private final Map<String, ExecutableElement> stepNames = new HashMap<>();

  public ContractValidator(ProcessingEnvironment env) {
    this.steps = new StepValidator(env, new StorableTypes(env));
  }

  /** Validates one contract, read once; call it once per contract, in a stable order. */
  public ValidationReport validateContract(RawContract raw) {
    TypeElement contract = raw.type();
    ValidationReport report = new ValidationReport();
    String type = Describe.type(contract);
    TypeElement privateOuter = AccessibleTypes.privateEnclosingClass(contract);
    if (contract.getModifiers().contains(Modifier.PRIVATE)) {
      report.error(contract, ContractMessages.contractPrivate(type));
    } else if (privateOuter != null) {
      report.error(
          contract, ContractMessages.contractInPrivateClass(type, Describe.type(privateOuter)));
    }
    if (!contract.getTypeParameters().isEmpty()) {
      report.error(
          contract,
          ContractMessages.contractGeneric(type,
              Describe.typeParameters(contract.getTypeParameters())));
    }
    List<? extends TypeMirror> supertypes = contract.getInterfaces();
    if (!supertypes.isEmpty()) {
      report.error(
          contract,
          ContractMessages.contractExtends(type,
              supertypes.stream().map(Describe::typeMirror).collect(Collectors.joining(", "))));
    }
    for (RawMethod read : raw.methods()) {
      ExecutableElement method = read.element();
      String body = body(method);
      if (read.step().isEmpty()) {
        if (body == null) {
          report.error(
              method, ContractMessages.contractMethodWithoutStep(Describe.method(method), type));
        }
      } else if (body != null) {
        report.error(
            method, ContractMessages.contractStepBody(Describe.method(method), type, body));
      } else {
        steps.validateRemote(method, read.step().get(), report);
        stepName(method, read.step().get(), report);
      }
    }
    return report;
  }

  /** What gives the interface method a body ("default", "static", "private"), or null. */
  private static String body(ExecutableElement method) {
    for (Modifier modifier : List.of(Modifier.DEFAULT, Modifier.STATIC, Modifier.PRIVATE)) {
      if (method.getModifiers().contains(modifier)) {
        return modifier.toString();
      }
    }
    return null;
  }

  private void stepName(ExecutableElement method, StepAnnotation step, ValidationReport report) {
    StepNames.Declared declared = StepNames.check(method, step, report);
    ExecutableElement first = stepNames.putIfAbsent(declared.name(), method);
    if (first != null && !first.equals(method)) {
      StepNames.errorOnValue(
          report,
          method,
          step.mirror(),
          declared.value(),
          ContractMessages.contractStepNameDuplicate(WorkflowNames.shorten(declared.name()),
              qualified(first),
              qualified(method)));
    }
  }

  /** {@code Contract.method(Args)}. */
  private static String qualified(ExecutableElement method) {
    return Describe.type(method.getEnclosingElement()) + "." + Describe.method(method);
  }
}
