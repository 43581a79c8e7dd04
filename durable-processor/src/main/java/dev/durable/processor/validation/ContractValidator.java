package dev.durable.processor.validation;

import dev.durable.processor.messages.ContractMessages;
import dev.durable.processor.reading.StepAnnotation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

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

  /** Whether {@code type} is a step contract: an interface that declares a {@code @Step} method. */
  public static boolean isContract(TypeElement type) {
    return type.getKind() == ElementKind.INTERFACE
        && AnnotationValues.find(type, Names.WORKFLOW).isEmpty()
        && ElementFilter.methodsIn(type.getEnclosedElements()).stream()
            .anyMatch(method -> AnnotationValues.find(method, Names.STEP).isPresent());
  }

  /** Validates one contract; call it once per contract, in a stable order. */
  public ValidationReport validateContract(TypeElement contract) {
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
    for (ExecutableElement method : ElementFilter.methodsIn(contract.getEnclosedElements())) {
      String body = body(method);
      boolean step = AnnotationValues.find(method, Names.STEP).isPresent();
      if (!step) {
        if (body == null) {
          report.error(
              method, ContractMessages.contractMethodWithoutStep(Describe.method(method), type));
        }
      } else if (body != null) {
        report.error(
            method, ContractMessages.contractStepBody(Describe.method(method), type, body));
      } else {
        steps.validateRemote(method, report);
        stepName(method, report);
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

  private void stepName(ExecutableElement method, ValidationReport report) {
    StepAnnotation step = steps.annotation(method);
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
